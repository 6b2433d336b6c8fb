import './ErrorBoundary.css'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { t } from '../i18n/i18n'

interface Props {
  children: ReactNode
}

interface State {
  error: Error | null
}

/**
 * A rendering bug shows a plain message and a way back instead of a blank window. It never hides a
 * payment's outcome: those come from main as data, not from rendering.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div className="render-error" role="alert">
        <h2>{t('ui.renderError.screen')}</h2>
        <p>{t('ui.renderError.text')}</p>
        <pre>{error.message}</pre>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          {t('ui.renderError.retry')}
        </button>
      </div>
    )
  }
}
