import { createFileRoute } from '@tanstack/react-router'
import { PretripGuideScreen } from '../features/pretrip/pretrip-guide-screen.tsx'

export const Route = createFileRoute('/_app/pretrip-guide')({
  component: PretripGuideScreen,
})
