// The look of text links on the signed-out screens.
export const linkClass =
  'font-medium text-primary underline-offset-4 hover:underline dark:text-indigo-300 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary'
