import { app } from 'electron'
import { createLogger } from '../log'
import { startApp } from './app'
import { trustedDevServerUrl } from './dev-server'

// The back end's log file is not open yet; a refused dev-server address is reported on stderr.
const startupLog = createLogger({ write: (line) => void process.stderr.write(line), close: async () => {} })

startApp({ devServerUrl: trustedDevServerUrl(process.env['ELECTRON_RENDERER_URL'], { isPackaged: app.isPackaged, log: startupLog }) })
