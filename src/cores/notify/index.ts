export { fromHex, hmacSha256, toHex, verifyHmacSha256 } from "./hmac";
export {
  createHttpMailer,
  createSendEmailMailer,
  type HttpMailerOptions,
  type MailMessage,
  type Mailer,
  type SendEmailBinding,
} from "./mailer";
export {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  deliverWebhook,
  signWebhook,
  verifyWebhookSignature,
  type WebhookDelivery,
} from "./webhook";
