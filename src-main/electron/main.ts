import { startApp } from './app'

startApp({ devServerUrl: process.env['ELECTRON_RENDERER_URL'] })
