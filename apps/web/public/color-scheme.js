// Sets the stored colour scheme before the first paint, so a light-mode user never sees a dark flash.
// Mirrors src/app/theme/color-scheme-manager.ts (key kt_theme_mode_value, default dark).
(() => {
  try {
    const stored = window.localStorage.getItem('kt_theme_mode_value');
    const mode = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'dark';
    const dark =
      mode === 'system' ? window.matchMedia('(prefers-color-scheme: dark)').matches : mode === 'dark';
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // Storage may be blocked; the app falls back to its default.
  }
})();
