/**
 * Composition root: builds every service from a config. The Electron glue, the browser test harness
 * and the tests all build the back end through here, so they run the same code.
 */
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { AppInfo, ChargeProblem, Environment, GatewayEnvironment, Language, SettingsView } from '../src-preload/contract'
import { AppError } from './bridge/app-error'
import { say, type Said } from '../src-common/said/say'
import { createDispatch, type Dispatch, type Handlers } from './bridge/dispatch'
import { createEventBus, type EventBus } from './bridge/event-bus'
import { openKeychain } from './credentials/keychain'
import { credentialCalls } from './credentials/credential-calls'
import { CredentialVault } from './credentials/vault'
import { ENVIRONMENTS } from './environments'
import type { GatewayClient, GatewayClientOptions } from './gateway/client'
import { createLogger, fileSink, type Logger } from './log'
import { ensurePrivateDir } from './private-files'
import { notConfigured, testConnection } from './services/connection-test'
import { appSettingsFile, readAppSettings, writeAppSettings, type AppSettings } from './settings/app-settings'
import { checkForEnvironment } from './settings/environment-settings'
import { environmentSwitchAuditEntry, settingsAuditEntry } from './settings/settings-diff'
import { sqliteVersion, type SqlDatabase } from './store/database'
import { environmentDir } from './store/history-file'
import { attemptView, countOrders, searchOrders } from './services/orders'
import type { ServiceContext } from './services/context'
import { Customers } from './services/customers'
import { PaymentLinks } from './services/payment-links'
import { PhoneOrders } from './services/phone-orders'
import { orderDetail } from './services/status-checks'
import { CsvExports } from './services/csv-export'
import { NotificationListener } from './services/notification-listener'
import { Refunds } from './services/refunds'
import { resolveReview } from './services/order-review'
import { StatusTracker } from './services/status-tracker'
import { startTrainingGateway, withTrainingReturnPages, type TrainingGateway, type TrainingGatewayOptions } from './training'
import { openDeskDatabase } from './operators/desk-database'
import { Desk } from './operators/desk'
import { isPinCost, LOWEST_PIN_COST, PIN_COST } from './operators/pin'
import { exportAudit, listAudit } from './services/audit-log'
import { openEnvironment, openDeskHistory, type EnvironmentOpenerOptions, type OpenedEnvironment } from './environment-opener'
import { changingRefusal, EnvironmentChangeGuard } from './environment-change-guard'
import { TeamMode } from './team/team-mode'
import { teamCalls } from './team/team-calls'
import { LeaderDuties } from './team/leader-duties'
import { requireTeamAccount } from './team/team-account'
import { TeamClock } from './team/team-clock'
import { endOfDayReport, homeAttention, homeFigures, type ReportHeading } from './services/home-figures'
import { exportReportCsv } from './services/report-export'

export const KEYCHAIN_SERVICE = 'merchant-back-office'
/** Connections to the gateway kept free of the tracker's checks, for staff's own calls. */
const STAFF_CONNECTIONS = 4

export interface BackendConfig {
  /** The app's data folder: local history, settings and logs live under it. */
  dataDir: string
  appName: string
  appVersion: string
  runtime: AppInfo['runtime']
  electronVersion?: string | null
  /** better_sqlite3.node built for Electron; omitted under plain Node. */
  sqliteNativeBinding?: string
  /** Defaults to a JSON-lines file in `<dataDir>/logs/`. */
  log?: Logger
  /** The keychain service name; tests use their own so that runs never share secrets. */
  keychainService?: string
  /** Where Sandbox and Production calls go; tests point them at a local training gateway. */
  gatewayUrls?: Partial<Record<GatewayEnvironment, string>>
  /** The desk's own clock (tests move it); in a team, the team database's clock is the time unless `teamTimeFromDatabase` is false. */
  now?: () => Date
  /**
   * False keeps the desk's clock (`now`) as the time in a team too, instead of the team database's
   * (team-clock.ts): for tests that move the clock by hand, which cannot move the database's. Never
   * set by the app.
   */
  teamTimeFromDatabase?: boolean
  /**
   * Where a CSV export goes: the Electron glue asks with a save dialog; elsewhere it is written to
   * `<dataDir>/exports/`. Null means the user cancelled.
   */
  chooseExportFile?: (suggestedName: string) => Promise<string | null>
  /**
   * The desktop app's "Save as PDF" of the end-of-day report on show (src-main/electron/: printToPDF and
   * a save dialog); the file written, or null when the user cancelled. Absent elsewhere: the call says so.
   */
  saveReportPdf?: (suggestedName: string) => Promise<string | null>
  /**
   * The desk's language as chosen (null: none yet, the system's), told at the start and whenever it
   * changes: the desktop app's menu and save dialogs follow it (src-main/shell-words.ts).
   */
  languageChosen?: (language: Language | null) => void
  /**
   * False keeps the status tracker's schedule from running whatever Settings say ("Check now" and
   * "Refresh all pending" still work): tests of other features use it so that no background check
   * races the checks they make.
   */
  statusTracker?: boolean
  /**
   * False keeps the notification listener off whatever Settings say: tests that pay on the training
   * gateway and want the order to wait for its status check (Training's listener is on by default)
   * say so with it. Never set by the app.
   */
  notificationListener?: boolean
  /**
   * Tests only, never set by the app: the port Training's listener takes instead of Settings' (0: one
   * the system picks on loopback). A test run starts many Training back ends side by side: each on its
   * own port, none fighting the others (or a desk's app on this computer) for Settings' 9900.
   */
  trainingListenerPort?: number
  /** How often (real time) the tracker looks at its schedule; tests shorten it. */
  trackerPollMs?: number
  /** How this desk is named to the other desks of a team; defaults to the computer's name. */
  deskName?: string
  /** How often a desk of a team tries to become the leader (and the leader checks it still is); tests shorten it. */
  leaderIntervalMs?: number
  /**
   * scrypt's cost for the PINs this back end hashes: PIN_COST (2^15) unless set, and never set by the
   * app (nor from settings or the renderer). Tests of everything but the PIN's hash set it lower
   * (LOWEST_PIN_COST) so that their desks and the fuzzing's wrong PINs do not spend `npm test` in
   * scrypt; a hash keeps its own cost, so a PIN is checked at the cost it was hashed at.
   */
  pinCost?: number
}

export interface Backend {
  readonly dispatch: Dispatch
  readonly events: EventBus
  readonly log: Logger
  /** The in-process training gateway, once started (tests drive it). */
  readonly training: () => TrainingGateway | null
  close(): Promise<void>
}

export async function createBackend(config: BackendConfig): Promise<Backend> {
  const pinCost = config.pinCost ?? PIN_COST
  if (!isPinCost(pinCost)) throw new RangeError(`pinCost must be a power of two from ${String(LOWEST_PIN_COST)} to 2^20: ${String(pinCost)}`)
  ensurePrivateDir(config.dataDir)
  const log = config.log ?? createLogger(fileSink(join(config.dataDir, 'logs', 'main.log')))
  const settingsFile = appSettingsFile(config.dataDir)
  let appSettings: AppSettings = readAppSettings(settingsFile)
  // In a team every desk keeps the team database's time (team-clock.ts): the money rules compare times written at other desks.
  const clock = new TeamClock(config.now ?? (() => new Date()), () => appSettings.team !== null, log, config.teamTimeFromDatabase ?? true)
  const now = (): Date => clock.now()
  config.languageChosen?.(appSettings.language)
  const vault = new CredentialVault(await openKeychain(config.keychainService ?? KEYCHAIN_SERVICE))
  if (!vault.status.available) log.warn('keychain.unavailable')
  const events = createEventBus()
  let training: TrainingGateway | null = null
  const trainingOptions: TrainingGatewayOptions = {
    now,
    stateDir: environmentDir(config.dataDir, 'training'),
    log,
    // The training gateway's pages name the shop as Training's settings do (the gateway runs only for Training).
    merchantName: () => (active.id === 'training' ? active.settings.read().shop.name : ''),
  }

  // Operators belong to the desk, not to an environment: their own database beside the histories
  // (the team's, in team mode).
  const deskDb = await openDeskDatabase(config.dataDir, { nativeBinding: config.sqliteNativeBinding })
  if (deskDb.backup) log.info('desk.migrated', { backup: deskDb.backup })
  const team = new TeamMode({
    vault,
    log,
    now,
    clock,
    events,
    deskName: config.deskName ?? hostname(),
    settings: () => appSettings.team,
    saveSettings: (next) => saveAppSettings({ ...appSettings, team: next }),
    deskHistory: (environment, create) => openDeskHistory(opener, environment, create),
    signedIn: () => desk.current() !== null,
    deskClientId: (environment) => appSettings.credentials[environment].clientId,
    deskOperators: () => deskDb.db.prepare('select * from operators').all() as Record<string, unknown>[],
    ...(config.leaderIntervalMs === undefined ? {} : { leaderIntervalMs: config.leaderIntervalMs }),
  })
  const opener: EnvironmentOpenerOptions = {
    dataDir: config.dataDir,
    sqliteNativeBinding: config.sqliteNativeBinding,
    log,
    now,
    vault,
    team,
    startTraining: async () => {
      training ??= await startTrainingGateway(trainingOptions)
    },
  }
  let operatorsDb: SqlDatabase = deskDb.db
  let active: OpenedEnvironment
  try {
    if (appSettings.team) operatorsDb = await team.openOperators()
    active = await openEnvironment(opener, appSettings.environment)
  } catch (error) {
    if (operatorsDb !== deskDb.db) operatorsDb.close()
    deskDb.db.close()
    throw error
  }
  const desk = new Desk({
    db: () => operatorsDb,
    now,
    log,
    idleLockMinutes: () => active.settings.read().session.idleLockMinutes,
    limits: () => ({ clerkChargeLimitSen: active.settings.read().phoneOrders.clerkChargeLimitSen }),
    audit: (entry) => active.history.audit.append(entry),
    welcomePending: () => appSettings.welcome === 'pending' && active.id === 'training',
    pinCost,
  })

  const exportsDir = join(config.dataDir, 'exports')
  const chooseExportFile =
    config.chooseExportFile ??
    ((name: string) => {
      ensurePrivateDir(exportsDir)
      return Promise.resolve(join(exportsDir, name))
    })
  const exports = new CsvExports({
    orders: () => active.history.orders,
    events,
    log,
    now,
    chooseFile: chooseExportFile,
  })

  function gatewayUrl(id: Environment): string {
    if (id === 'training') return training?.baseUrl ?? 'not started'
    return config.gatewayUrls?.[id] ?? ENVIRONMENTS[id].baseUrl ?? ''
  }

  /** What heads the end-of-day report: the environment (Training and Sandbox are marked) and the shop's name. */
  function reportHeading(): ReportHeading {
    return { environment: active.id, shopName: active.settings.read().shop.name }
  }

  function settingsView(): SettingsView {
    return { environment: active.id, gatewayUrl: gatewayUrl(active.id), settings: active.settings.read() }
  }

  function saveAppSettings(next: AppSettings): void {
    writeAppSettings(settingsFile, next)
    appSettings = next
  }

  /** A client of the active environment's gateway with its timeouts; a connection test asks for no retries so that it answers fast. */
  async function buildClient(id: Environment, readRetries?: number): Promise<{ client: GatewayClient } | { missing: Said }> {
    const { gateway, tracker: trackerSettings } = active.settings.read()
    const options: Omit<GatewayClientOptions, 'credentials' | 'baseUrl'> = {
      log,
      now,
      settings: {
        // The tracker's checks at once, and room beside them for what staff do meanwhile.
        maxConcurrency: trackerSettings.concurrency + STAFF_CONNECTIONS,
        connectTimeoutMs: gateway.connectTimeoutSeconds * 1000,
        headersTimeoutMs: gateway.responseTimeoutSeconds * 1000,
        bodyTimeoutMs: gateway.responseTimeoutSeconds * 1000,
        blockOnBadSignature: gateway.blockOnBadSignature,
        // Real money: a wrongly signed answer to a charge, link or refund never counts as its outcome.
        blockUnsignedMoneyAnswers: ENVIRONMENTS[id].realMoney,
        ...(readRetries === undefined ? {} : { readRetries }),
      },
    }
    if (id === 'training') {
      training ??= await startTrainingGateway(trainingOptions)
      return { client: training.client(options) }
    }
    const built = await vault.gatewayClient(id, appSettings.credentials[id], { ...options, baseUrl: gatewayUrl(id) })
    return built.client ? { client: built.client } : { missing: built.missing }
  }

  // One keep-alive client for the services, rebuilt when the environment, its settings or its credentials change.
  let serviceClient: Promise<GatewayClient> | null = null
  function dropServiceClient(): void {
    const previous = serviceClient
    serviceClient = null
    void previous?.then((client) => client.close()).catch(() => undefined)
  }

  const context: ServiceContext = {
    environment: () => active.id,
    history: () => active.history,
    settings: () => active.settings.read(),
    gateway: () => {
      serviceClient ??= buildClient(active.id).then((built) => {
        if ('missing' in built) {
          serviceClient = null
          throw new AppError('NOT_CONFIGURED', say('said.credentials.notConfigured', { problem: built.missing }))
        }
        // A team's history is asked of the gateway under the team's account only (team-account.ts).
        const id = active.id
        if (id !== 'training' && team.holds(id)) {
          try {
            requireTeamAccount(active.history.db, 'settings', id, appSettings.credentials[id].clientId, now())
          } catch (error) {
            serviceClient = null
            void built.client.close()
            throw error
          }
        }
        return built.client
      })
      return serviceClient
    },
    now,
    events,
    log,
    actor: () => desk.actor(),
    approvedBy: () => desk.approvedBy(),
    bound: () => contextOn(active),
  }
  /** The services' context bound to `environment` (ServiceContext.bound): what a call that waits records through. */
  function contextOn(environment: OpenedEnvironment): ServiceContext {
    const bound: ServiceContext = {
      ...context,
      environment: () => environment.id,
      history: () => environment.history,
      settings: () => environment.settings.read(),
      // The shared client is the active environment's: a call bound to another never reaches the gateway.
      gateway: () => (environment === active ? context.gateway() : Promise.reject(changingRefusal())),
      bound: () => bound,
    }
    return bound
  }
  const links = new PaymentLinks(context)
  const customers = new Customers(context)
  const phoneOrders = new PhoneOrders(context)
  const refunds = new Refunds(context)
  const tracker = new StatusTracker({
    ctx: { ...context, settings: () => trackerSettings() },
    checks: { order: (id, options) => links.checkStatus(id, options), refund: (id) => refunds.checkStatus(id) },
    ...(config.trackerPollMs === undefined ? {} : { pollMs: config.trackerPollMs }),
  })
  /** In a team, only the leader desk runs the tracker's schedule and the listener. */
  function runsTeamWork(): boolean {
    return !team.holds(active.id) || team.leader
  }
  function trackerSettings(): ReturnType<ServiceContext['settings']> {
    const settings = active.settings.read()
    return config.statusTracker === false || !runsTeamWork() ? { ...settings, tracker: { ...settings.tracker, enabled: false } } : settings
  }
  const listenerContext: ServiceContext = {
    ...context,
    settings: () => {
      const settings = active.settings.read()
      const enabled = settings.listener.enabled && runsTeamWork() && config.notificationListener !== false
      const port = active.id === 'training' && config.trainingListenerPort !== undefined ? config.trainingListenerPort : settings.listener.port
      return enabled === settings.listener.enabled && port === settings.listener.port ? settings : { ...settings, listener: { ...settings.listener, enabled, port } }
    },
  }
  const listener = new NotificationListener(listenerContext, tracker, (url) => {
    // In Training the training gateway notifies the listener by itself.
    if (active.id === 'training') training?.simulator.setNotifyUrl(url)
  })
  const leaderDuties = new LeaderDuties({ history: () => active.history, now, log, settings: () => active.settings.read() })
  /** This desk became (or stopped being) the team's leader: the tracker and the listener follow. */
  async function leadershipChanged(leader: boolean): Promise<void> {
    log.info('team.leadership', { leader, environment: active.id })
    try {
      if (leader) leaderDuties.start()
      else leaderDuties.stop()
      tracker.settingsChanged()
      await listener.apply()
    } catch (error) {
      log.warn('team.leadership_failed', { error: error instanceof Error ? error.message : String(error) })
    }
  }
  async function followTeam(): Promise<void> {
    const held = team.heldEnvironment(active.id)
    if (held) await team.follow(held, (leader) => void leadershipChanged(leader))
    else await team.unfollow()
  }

  /**
   * Staff calls waiting for the gateway hold the active history open: a switch or a team's move is
   * refused meanwhile, and such a call is refused while one runs (environment-change-guard.ts).
   */
  const changes = new EnvironmentChangeGuard()

  /**
   * Makes `next` the active environment: checks in flight and the listener finish on the old one first.
   * Run only inside `changes.change`: no staff call is then waiting on the old one's history.
   */
  async function activate(next: OpenedEnvironment): Promise<OpenedEnvironment> {
    await tracker.stop()
    await listener.close()
    await team.unfollow()
    leaderDuties.stop()
    const previous = active
    active = next
    dropServiceClient()
    previous.db.close()
    tracker.start()
    await listener.apply()
    await followTeam()
    return previous
  }

  /** Joined, created or left a team: the operators and the active environment's history move to their new home. */
  async function moveHistories({ keepSession }: { keepSession: boolean }): Promise<void> {
    if (!keepSession) desk.reset()
    const nextOperators = appSettings.team ? await team.openOperators() : deskDb.db
    if (operatorsDb !== deskDb.db) operatorsDb.close()
    operatorsDb = nextOperators
    await activate(await openEnvironment(opener, active.id))
    events.emit('environment.changed', { environment: active.id })
  }

  tracker.start()
  await listener.apply()
  await followTeam()

  const handlers: Handlers = {
    'app.info': () => ({
      name: config.appName,
      version: config.appVersion,
      environment: active.id,
      dataDir: config.dataDir,
      runtime: config.runtime,
      electronVersion: config.electronVersion ?? null,
      // Electron's types claim `chrome` everywhere; under plain Node (browser mode, tests) it is absent.
      chromeVersion: (process.versions as Partial<Record<string, string>>).chrome ?? null,
      nodeVersion: process.versions.node,
      sqliteVersion: sqliteVersion(deskDb.db),
      language: appSettings.language,
      logDir: join(config.dataDir, 'logs'),
    }),
    'app.setLanguage': ({ language }) => {
      if (appSettings.language !== language) {
        saveAppSettings({ ...appSettings, language })
        config.languageChosen?.(language)
      }
      return { language }
    },

    'session.status': () => desk.status(),
    'session.setup': async (input) => {
      await desk.setup(input)
      // A fresh desk: its first-run welcome shows once, to this Admin (a desk set up before the welcome existed never shows it).
      if (appSettings.welcome === null) saveAppSettings({ ...appSettings, welcome: 'pending' })
      // The view after that, so that it says the welcome is to show.
      return desk.status()
    },
    'session.signIn': (input) => desk.signIn(input),
    'session.signOut': () => desk.signOut(),
    'session.lock': () => desk.lock(),
    'session.changePin': (input) => desk.changePin(input),
    'operators.list': () => desk.list(),
    'operators.create': (input) => desk.create(input),
    'operators.update': (input) => desk.update(input),
    'operators.resetPin': (input) => desk.resetPin(input),
    'approvals.grant': (input) => desk.grant(input),
    'audit.list': (input) => listAudit(active.history, input),
    'audit.exportCsv': (filters) => exportAudit(active.history, filters, { chooseFile: chooseExportFile, now }),

    ...teamCalls({
      team,
      events,
      log,
      audit: (entry) => active.history.audit.append(entry),
      actor: () => context.actor(),
      now,
      moveHistories,
      changeHistories: (run) => changes.change(run),
    }),

    'environment.switch': async ({ environment, confirmProduction }) => {
      if (environment === active.id) return settingsView()
      if (environment === 'production' && confirmProduction !== true) {
        throw new AppError('CONFIRMATION_REQUIRED', say('said.settings.confirmProduction'), 'confirmProduction')
      }
      return changes.change(async () => {
        const previous = await activate(await openEnvironment(opener, environment))
        saveAppSettings({ ...appSettings, environment })
        active.history.audit.append(environmentSwitchAuditEntry({ actor: context.actor(), at: now(), from: previous.id, to: environment }))
        log.info('environment.switched', { from: previous.id, to: environment })
        events.emit('environment.changed', { environment })
        return settingsView()
      })
    },

    'welcome.finish': () => {
      if (appSettings.welcome !== 'done') {
        saveAppSettings({ ...appSettings, welcome: 'done' })
        log.info('welcome.finished', { environment: active.id })
      }
      return { show: false }
    },

    'settings.get': () => settingsView(),

    'settings.update': async (settings) => {
      checkForEnvironment(active.id, settings)
      // Saved and audited together (who, and each changed field's old → new), or neither.
      const audit = settingsAuditEntry({ actor: context.actor(), at: now(), environment: active.id, before: active.settings.read(), after: settings })
      active.db.transaction(() => {
        active.settings.write(settings)
        if (audit) active.history.audit.append(audit)
      })()
      dropServiceClient()
      log.info('settings.updated', { environment: active.id })
      tracker.settingsChanged()
      await listener.apply()
      return settingsView()
    },

    ...credentialCalls({
      vault,
      appSettings: () => appSettings,
      saveAppSettings,
      checkAccount: (environment, clientId) => team.requireAccount(environment, clientId),
      credentialsChanged: dropServiceClient,
      audit: (entry) => active.history.audit.append(entry),
      actor: () => context.actor(),
      now,
      log,
    }),

    'orders.search': (query) => searchOrders(active.history, query),
    'orders.count': (filters) => countOrders(active.history, filters),
    'orders.get': ({ id }) => orderDetail(active.history, id, now(), active.settings.read().gateway.settlementCutOff),
    'orders.checkStatus': ({ id }) => changes.call('check', () => tracker.checkOrder(id)),
    'orders.resolveReview': ({ id, decision, reason }) => resolveReview(context, id, decision, reason),
    'orders.cancelLink': ({ id, reason }) => links.cancel(id, reason),
    'links.prepare': () => {
      const defaults = links.prepare()
      return active.id === 'training' && training ? withTrainingReturnPages(defaults, training.baseUrl) : defaults
    },
    'links.banks': () => links.banks(),
    'links.create': (request) => changes.call('link', () => links.create(request)),
    'customers.search': ({ text }) => customers.search(text),
    'customers.get': ({ id }) => customers.get(id),
    'customers.save': (input) => customers.save(input),
    'cards.add': (input) => customers.addCard(input),
    'cards.remove': ({ cardId }) => changes.call('cardRemoval', () => customers.removeCard(cardId)),
    'phoneOrders.prepare': () => phoneOrders.prepare(),
    'phoneOrders.check': (request) => {
      const problems: ChargeProblem[] = phoneOrders.problems(request).map(({ code, message, say: said, field }) => ({ code, message, say: said, ...(field ? { field } : {}) }))
      // A Clerk's limit (PERMISSIONS' raisedAbove) is the desk's rule: asked of the desk without using an approval.
      const refusal = desk.refusalFor('phoneOrders.charge', request)
      if (refusal) problems.push({ code: refusal.code, message: refusal.message, ...(refusal.say ? { say: refusal.say } : {}), field: 'amountSen', ...(refusal.needs ? { needs: refusal.needs } : {}) })
      return { problems }
    },
    'phoneOrders.charge': (request) => changes.call('charge', () => phoneOrders.charge(request)),
    'phoneOrders.override': ({ orderId, reason }) => phoneOrders.override(orderId, reason),
    'phoneOrders.receipt': ({ orderId }) => phoneOrders.receipt(orderId),
    'orders.attempt': ({ id }) => attemptView(active.history, id),
    'refunds.request': (request) => changes.call('refund', () => refunds.request(request)),
    'refunds.checkStatus': ({ refundId }) => changes.call('check', () => tracker.checkRefund(refundId)),
    'refunds.register': ({ orderId, requestId }) => refunds.register(orderId, requestId),
    'tracker.status': () => tracker.status(),
    'tracker.refreshAll': () => tracker.refreshAll(),
    'tracker.cancelRefresh': () => tracker.cancelRefresh(),
    'listener.status': () => listener.status(),
    'home.figures': () => homeFigures(active.history, now()),
    'home.attention': () => homeAttention(active.history, now()),
    'report.get': (period) => endOfDayReport(active.history, period, now(), reportHeading()),
    'report.exportCsv': (period) => exportReportCsv(endOfDayReport(active.history, period, now(), reportHeading()), chooseExportFile),
    'report.savePdf': async ({ from, to }) => {
      if (!config.saveReportPdf) throw new AppError('DESKTOP_ONLY', say('said.settings.desktopOnly'))
      return { file: await config.saveReportPdf(from === to ? `end-of-day-${from}.pdf` : `report-${from}-to-${to}.pdf`) }
    },
    'orders.exportCsv': (filters) => exports.start(filters),
    'orders.cancelExport': ({ jobId }) => ({ cancelled: exports.cancel(jobId) }),

    'gateway.testConnection': async ({ environment }) => {
      const built = await buildClient(environment, 0)
      if ('missing' in built) return { checks: notConfigured(built.missing) }
      try {
        return { checks: await testConnection(built.client) }
      } finally {
        await built.client.close()
      }
    },
  }

  log.info('backend.started', { runtime: config.runtime, environment: active.id, keychain: vault.status.available })
  return {
    dispatch: createDispatch(handlers, log, {
      authorise: (name, input) => desk.authorise(name, input),
      translateError: (error) => team.refusal(error),
    }),
    events,
    log,
    training: () => training,
    async close() {
      await exports.close()
      await tracker.close()
      await listener.close()
      leaderDuties.stop()
      await team.close()
      dropServiceClient()
      active.db.close()
      if (operatorsDb !== deskDb.db) operatorsDb.close()
      deskDb.db.close()
      await training?.close()
      training = null
      log.info('backend.stopped')
      await log.close()
    },
  }
}
