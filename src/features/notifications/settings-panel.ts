/** The card a settings section sits in, as the profile forms beside it do. */
export const SETTINGS_PANEL_CLASS = 'rounded-lg border border-slate-200 bg-white shadow-sm dark:border-strokedark dark:bg-boxdark'
