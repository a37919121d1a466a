import { normalizePhone } from '../../../contract/phone.ts';

/**
 * A wa.me link with prefilled text. The server already answers the canonical `62...` form;
 * normalising again keeps the link right if the number ever arrives as typed.
 */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${normalizePhone(number)}?text=${encodeURIComponent(text)}`;
}
