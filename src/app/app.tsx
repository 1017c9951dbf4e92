// Providers, session restore (full-screen spinner meanwhile), then the router.
import { useEffect, useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { Toaster } from 'react-hot-toast'
import { createQueryClient } from './query-client.ts'
import { createAppRouter } from './router.tsx'
import { restoreSession } from './restore-session.ts'
import { FullScreenSpinner } from '../ui/full-screen-spinner.tsx'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

export function App() {
  const [restored, setRestored] = useState(false)
  useEffect(() => {
    void restoreSession(queryClient).finally(() => setRestored(true))
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      {restored ? <RouterProvider router={router} /> : <FullScreenSpinner />}
      <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
    </QueryClientProvider>
  )
}
