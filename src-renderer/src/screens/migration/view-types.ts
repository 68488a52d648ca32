/** An error as a step shows it. */
export interface UserErrorView {
  title?: string;
  message: string;
  code?: string;
}
