/**
 * Applying to a job ad (ADR 029): the error codes of /api/job-ads/* with the Arabic text each shows. The codes an
 * application shares with every send (a résumé, a balance, a mailbox, the message's rules) keep their texts in
 * messages/sending.ts; `jobAdMessage` finds both. zod-free, so the web can import it at run time.
 */
import { sendingMessage } from './sending';

export const jobAdErrorCodes = {
  /** No address to write to was given. */
  JOB_AD_NO_ADDRESS: 'JOB_AD_NO_ADDRESS',
  /** An address is not one a message can be sent to (rules/mail-address.ts). */
  JOB_AD_ADDRESS_INVALID: 'JOB_AD_ADDRESS_INVALID',
  /** This user already has a message to the address, sent or waiting, from any source. */
  JOB_AD_ADDRESS_CONTACTED: 'JOB_AD_ADDRESS_CONTACTED',
  /** The receiver asked for no more CVs at the address (the directory's mark or the user's own stop). */
  JOB_AD_ADDRESS_OPTED_OUT: 'JOB_AD_ADDRESS_OPTED_OUT',
  /** The address refused one of this user's messages as undeliverable. */
  JOB_AD_ADDRESS_UNDELIVERABLE: 'JOB_AD_ADDRESS_UNDELIVERABLE',
  /** The job title is empty. */
  JOB_AD_TITLE_REQUIRED: 'JOB_AD_TITLE_REQUIRED',
  /** The company's name is empty. */
  JOB_AD_COMPANY_REQUIRED: 'JOB_AD_COMPANY_REQUIRED',
} as const;
export type JobAdErrorCode = keyof typeof jobAdErrorCodes;

const messageByCode: Record<JobAdErrorCode, string> = {
  JOB_AD_NO_ADDRESS: 'يرجى إدخال بريد إلكتروني واحد على الأقل لإرسال طلبك إليه.',
  JOB_AD_ADDRESS_INVALID: 'أحد عناوين البريد الإلكتروني غير صحيح. تأكد منه كما ورد في الإعلان.',
  JOB_AD_ADDRESS_CONTACTED: 'سبق أن أرسلت سيرتك إلى أحد هذه العناوين، ولا تُرسل السيرة إلى العنوان نفسه مرتين. أزله من القائمة.',
  JOB_AD_ADDRESS_OPTED_OUT: 'طلب صاحب أحد هذه العناوين عدم استلام السير الذاتية، فلا يمكن الإرسال إليه. أزله من القائمة.',
  JOB_AD_ADDRESS_UNDELIVERABLE: 'رُفضت رسالة سابقة لك إلى أحد هذه العناوين لأنه لا يستقبل البريد. أزله من القائمة.',
  JOB_AD_TITLE_REQUIRED: 'يرجى إدخال المسمى الوظيفي كما ورد في الإعلان.',
  JOB_AD_COMPANY_REQUIRED: 'يرجى إدخال اسم الشركة المعلنة.',
};

/** The Arabic text of an error of applying to a job ad (its own codes and the sending ones), or undefined. */
export function jobAdMessage(code: string | undefined): string | undefined {
  if (code && code in messageByCode) return messageByCode[code as JobAdErrorCode];
  return sendingMessage(code);
}

/**
 * The message an application to a job ad starts from, offered before the package's templates: those are written
 * for the directory and name its sector and city, which an ad does not give. It names the job and the company
 * the user confirmed.
 */
export const JOB_AD_MESSAGE = {
  id: 'job-ad',
  name: 'التقديم على وظيفة معلنة',
  subject: 'طلب التقدم لوظيفة {{job_title}} – {{applicant_name}}',
  content: [
    '<p>السادة {{company_name}} المحترمون،</p>',
    '<p>السلام عليكم ورحمة الله وبركاته،</p>',
    '<p>اطلعت على إعلانكم عن وظيفة {{job_title}}، ويسعدني أن أتقدم لها. أرفقت لكم سيرتي الذاتية، وأرجو أن تجدوا فيها ما يناسب متطلبات الوظيفة.</p>',
    '<p>أتطلع إلى فرصة مقابلتكم، وأشكر لكم وقتكم واهتمامكم.</p>',
    '<p>مع خالص التحية والتقدير،<br>{{applicant_name}}</p>',
  ].join(''),
} as const;
