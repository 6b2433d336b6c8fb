/**
 * The shape every language's catalogue has: English's, with every text a string. A Malay catalogue
 * that lacks an id, or has one English does not, fails the typecheck; test/unit/renderer/catalogue.test.ts
 * checks that the code uses every id and that every id it uses is here.
 *
 * Message format (i18next's): `{{name}}` is a placeholder, filled by `t(id, { name })`; a text that
 * depends on a count has an id per plural form, `_one` and `_other` (English uses both; Malay has one
 * form, so its `_one` says the same as its `_other`). Texts are never put together from pieces.
 */
import type { said } from '../../src-common/said/en'
import type { en } from './en'
import type { enOnDemand } from './en-on-demand'

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> }

/**
 * English's shape, with main's messages (`said`, src-common/said: loaded apart in English, see i18n.ts)
 * and the rarely opened screens' sections (en-on-demand.ts).
 */
export type Catalogue = Strings<typeof en & typeof enOnDemand & { said: typeof said }>
