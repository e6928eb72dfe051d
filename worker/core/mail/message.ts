/** One plain-text e-mail to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}
