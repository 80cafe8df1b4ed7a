/** Keys shared by every instance of one site (see migration 0036); never sent to a client. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  createdAt: string;
}
