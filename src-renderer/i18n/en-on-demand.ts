/**
 * The English words of the screens staff open rarely, Settings and Audit: added to the catalogue when
 * the first of those screens' code is imported, instead of coming with the first screen (issue 23: the
 * first screen's JavaScript, about 2 KB gzipped less). Every module that shows these sections' ids
 * imports this one (catalogue.test.ts checks it), so their words are there before anything renders.
 * Malay has them in its own chunk, with the rest of its words.
 */
import { i18n } from './i18n'
import { audit } from './en/audit'
import { settings } from './en/settings'

export const enOnDemand = { settings, audit }

i18n.addResourceBundle('en', 'translation', enOnDemand, true, false)
