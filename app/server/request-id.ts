import { createContext } from 'react';

/** The id the server logs a failed request with; the failure screen shows it as the error digest. */
export const REQUEST_ID_HEADER = 'x-request-id';
export const RequestIdContext = createContext<string | null>(null);
