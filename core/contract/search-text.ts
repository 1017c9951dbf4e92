// The longest free-text search (`q` of the paged lists), apart from the lists' schemas so the app's
// search box can take it without their validation library: the box takes no more, so nobody meets the
// API's refusal of a longer one.
export const SEARCH_MAX_LENGTH = 200
