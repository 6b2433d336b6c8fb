// The renderer files whose words are not in the catalogues yet (issue 21). Only shrinks: a file is taken
// off when its words move to src-renderer/i18n/; every other .tsx is held to the rule against bare words.
export const UNTRANSLATED = [
]
