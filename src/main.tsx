import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { ignoreChunkLoadsCutByLeaving } from './app/chunk-loads-while-leaving.ts'
import { startLanguage } from './i18n/language.ts'
import './styles.css'

ignoreChunkLoadsCutByLeaving()

// English starts at once; another language first loads its (precached) catalog, so the first screen
// is already in it.
void startLanguage().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
