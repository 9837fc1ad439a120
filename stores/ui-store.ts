'use client';
import { create } from 'zustand';

/** Toasts and the city picker: page-wide UI state that several islands touch. */
export interface UiState {
  toast: string | null;
  cityPickerOpen: boolean;
  showToast: (text: string) => void;
  hideToast: () => void;
  setCityPickerOpen: (open: boolean) => void;
}

export const TOAST_MS = 2000;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

export const useUiStore = create<UiState>()((set) => ({
  toast: null,
  cityPickerOpen: false,
  showToast: (text) => {
    clearTimeout(toastTimer);
    set({ toast: text });
    toastTimer = setTimeout(() => set({ toast: null }), TOAST_MS);
  },
  hideToast: () => set({ toast: null }),
  setCityPickerOpen: (open) => set({ cityPickerOpen: open }),
}));
