// How long the account settings' success messages stay (specification section 9: 3 s; errors stay until the next submit).
export const ACCOUNT_MESSAGE_MS = 3000;
