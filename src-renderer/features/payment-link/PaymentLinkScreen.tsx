import { useEffect } from 'react'
import { useShellStore } from '../../app/shell-store'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { CreatedLink } from './CreatedLink'
import { LinkForm } from './LinkForm'
import { subscribeLinkEvents, useLinkStore } from './link-store'
import { useT } from '../../i18n/i18n'

export function PaymentLinkScreen() {
  const t = useT()
  const environment = useShellStore((state) => state.info?.environment ?? null)
  const history = useShellStore((state) => state.history)
  const draft = useLinkStore((state) => state.draft)
  const defaults = useLinkStore((state) => state.defaults)
  const result = useLinkStore((state) => state.result)
  const refreshError = useLinkStore((state) => state.refreshError)
  const prepareError = useLinkStore((state) => state.prepareError)
  const preparing = useLinkStore((state) => state.preparing)
  const start = useLinkStore((state) => state.start)
  const showResult = useLinkStore((state) => state.showResult)

  // A fresh form for the environment in use; another environment (or its history moved to or from a team database) means another sequence and defaults.
  useEffect(() => {
    void useLinkStore.getState().ensure(environment, history)
  }, [environment, history])

  // Arriving here puts the keyboard in the screen: the form's first field, or the link on show,
  // unless whatever sent staff here asked for more (a form filled from a phone order: what needs input next).
  useEffect(() => {
    const { result: shown, requestFocus, focusRequest } = useLinkStore.getState()
    if (focusRequest === null) requestFocus(shown ? 'result' : 'form')
  }, [])

  // The link on show may have changed while this screen was away; then follow main's events.
  useEffect(() => {
    void useLinkStore.getState().refreshResult()
    return subscribeLinkEvents()
  }, [])

  return (
    <>
      <ScreenHeader title={t('paymentLink.title')}>{t('paymentLink.lead')}</ScreenHeader>
      {result ? (
        <CreatedLink
          detail={result}
          onChanged={showResult}
          onNewLink={() => {
            // The keyboard goes on to the new form's first field once it shows.
            useLinkStore.getState().requestFocus('form')
            void start(environment, { keepChannel: true })
          }}
          onTryAgain={() => useLinkStore.getState().tryAgain()}
          refreshError={refreshError?.message ?? null}
        />
      ) : draft && defaults ? (
        <LinkForm draft={draft} defaults={defaults} />
      ) : prepareError && !preparing ? (
        <div className="alert alert--error" role="alert">
          <p>{t('paymentLink.prepareFailed', { message: prepareError.message })}</p>
          <button type="button" className="button button--secondary" onClick={() => void start(environment)}>
            {t('paymentLink.retry')}
          </button>
        </div>
      ) : (
        <p className="muted">{t('paymentLink.preparing')}</p>
      )}
    </>
  )
}
