/** The store's file name in the data folder: known to the desktop host too (a PC without it has no station yet). */
export const DB_FILE = 'cg-bridge.sqlite';
