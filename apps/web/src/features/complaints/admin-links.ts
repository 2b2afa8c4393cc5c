/**
 * The URL parameter of /complaints naming the complaint whose popup is open. Kept apart from the
 * page so the bell, in every admin screen's top bar, does not load the list's code.
 */
export const OPEN_PARAM = 'open';

/** /complaints with one complaint's popup open. */
export const complaintPopupLink = (id: number) => `/complaints?${OPEN_PARAM}=${id}`;
