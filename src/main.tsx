import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { ignoreChunkLoadsCutByLeaving } from './app/chunk-loads-while-leaving.ts'
import './styles.css'

ignoreChunkLoadsCutByLeaving()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
