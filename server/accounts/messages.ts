// Error texts more than one account route answers with, kept in one place so they stay identical.

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists.'
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.'
