// Applied before first paint so a dark-theme user never sees a light flash. A file, not an inline
// script: the page's Content-Security-Policy allows scripts from this origin only.
try {
  if (localStorage.getItem('color-theme') === 'dark') document.documentElement.classList.add('dark')
} catch {
  // Storage blocked: the light theme it is.
}
