/** Every listener of a Kassa under test on a free port (0), so that any number of them run side by side. */
export const FREE_PORTS = {
  KASSA_API_PORT: '0',
  KASSA_PCI_PORT: '0',
  KASSA_WIDGET_PORT: '0',
  KASSA_SUBS_PORT: '0',
  KASSA_ADMIN_PORT: '0',
} as const;
