export const REFERENCE_PAGE: string;
export function referencePage(): string;
