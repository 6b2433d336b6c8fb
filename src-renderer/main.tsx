// The shared styles first: the tokens, then the base every screen builds on. Each component imports
// its own stylesheet before its children (the CSS import comes first), so that a parent's rules come
// before its children's in the bundle, as they did in the single file: between two rules of equal
// specificity, the later one wins.
import './ui/tokens.css'
import './ui/base.css'
import './ui/alert.css'
import './ui/buttons.css'
import './ui/forms.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, startApp } from './app/App'
import { ErrorBoundary } from './app/ErrorBoundary'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

/**
 * React's first render waits for the session's state, so that it is the screen that state decides (the
 * sign-in form, usually) and not a loading screen rendered and laid out while the answer waits for the
 * page's main thread (issue 23): 200 ms at most, then the loading screen shows until it comes.
 */
const FIRST_RENDER_WAITS_MS = 200

const render = (): void =>
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  )
const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAITS_MS))
void Promise.race([startApp(), waited])
  .catch(() => undefined)
  .then(render)
