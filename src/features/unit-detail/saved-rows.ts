// The unit's tabs have no search or filter: offline they show what the device saved of them, as it is.
export const asSaved = <T,>(saved: T[]): T[] => saved
