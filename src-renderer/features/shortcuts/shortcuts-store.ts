/** Which help panel is open: the keyboard shortcuts, About, or none. */
import { create } from 'zustand'

export type HelpPanel = 'shortcuts' | 'about'

interface HelpState {
  panel: HelpPanel | null
  open: (panel: HelpPanel) => void
  close: () => void
}

export const useHelpStore = create<HelpState>()((set) => ({
  panel: null,
  open: (panel) => set({ panel }),
  close: () => set({ panel: null }),
}))
