import { describe, expect, it } from 'vitest';
import {
  balanceNotice,
  deliveryFailureText,
  deliveryStatusText,
  jobStatusText,
  sendableText,
  sendingCountText,
  targetingText,
  userFacingReason,
} from './sending';

describe('what one send reaches', () => {
  it('says how many companies, not that they leave now', () => {
    expect(sendableText.reaches(100)).toBe('يصل هذا الطلب إلى 100 شركة');
    expect(sendableText.reaches(10)).not.toMatch(/الآن/);
  });

  it('says the companies a package has beyond one send are not reached by it', () => {
    expect(sendableText.detail(6000, 11_714)).toContain('11,714');
    expect(sendableText.perSendLimit(11_714)).toBe(
      'يصل الطلب الواحد إلى 5,000 شركة على الأكثر، وتبقى 6,714 شركة من باقتك لا يصلها هذا الطلب: أرسل إليها بطلب تالٍ.',
    );
    expect(targetingText.limitedPerSend(5_003)).toBe(
      'تطابق اختيارك 5,003 شركات، ويصل الطلب الواحد إلى 5,000 شركة منها على الأكثر، وتبقى 3 شركات لطلب تالٍ.',
    );
  });
});

describe('the reason a user sees for a delivery', () => {
  it('is the Arabic sentence of a stored reason, without the English or the provider detail', () => {
    expect(userFacingReason(`${deliveryFailureText.rejected} (400 invalidArgument: Invalid To header)`)).toBe(
      'رفض مزوّد البريد هذه الرسالة (عنوان غير صالح أو محتوى مرفوض). أُعيد رصيد الرسالة.',
    );
    expect(userFacingReason('رفض')).toBe('رفض');
    expect(userFacingReason(null)).toBeNull();
  });

  it("says a reason stored without Arabic by the delivery's state instead of showing it", () => {
    expect(userFacingReason('400 invalidArgument', 'failed')).toBe('تعذّر إرسال هذه الرسالة، وأُعيد رصيدها.');
    expect(userFacingReason('invalid_grant', 'held')).toBe('متوقفة بانتظار إعادة ربط بريدك في Gmail.');
  });

  it('reads a reason stored without Arabic as a temporary failure instead of showing it', () => {
    expect(userFacingReason('503 backendError: Backend Error')).toBe('تعذّر الإرسال مؤقتاً، وستُعاد المحاولة تلقائياً.');
    expect(userFacingReason('Gmail unreachable: connect ETIMEDOUT 142.250.1.1:443')).not.toMatch(/[A-Za-z]/);
  });
});

describe('the dashboard’s states and balance', () => {
  it('names a state the same wherever it is shown: count cards, the jobs list and the deliveries list', () => {
    expect(sendingCountText).toEqual({
      pending: deliveryStatusText.pending,
      processing: deliveryStatusText.sending,
      completed: deliveryStatusText.sent,
      failed: deliveryStatusText.failed,
    });
    expect(jobStatusText.pending).toBe(deliveryStatusText.pending);
    expect(jobStatusText.processing).toBe(deliveryStatusText.sending);
    expect(jobStatusText.failed).toBe(deliveryStatusText.failed);
  });

  it('says a balance a running send holds is reserved for it, and warns only when nothing is waiting', () => {
    expect(balanceNotice({ messagesRemaining: 0, reservedMessages: 10 })).toEqual({
      tone: 'reserved',
      text: 'رصيدك كله محجوز للإرسال الجاري (10 رسائل)، وسيُرسل تلقائياً من بريدك. لمواصلة الإرسال بعده، قم بترقية باقتك.',
    });
    expect(balanceNotice({ messagesRemaining: 3, reservedMessages: 1 })?.text).toBe(
      'محجوز للإرسال الجاري: رسالة واحدة، ويتبقّى لك بعده 3 رسائل فقط. لمواصلة الإرسال بعده، قم بترقية باقتك.',
    );
    expect(balanceNotice({ messagesRemaining: 0, reservedMessages: 0 })).toEqual({
      tone: 'low',
      text: 'نفد رصيدك من الرسائل. قم بترقية باقتك لمواصلة الإرسال.',
    });
    expect(balanceNotice({ messagesRemaining: 2, reservedMessages: 0 })?.tone).toBe('low');
    expect(balanceNotice({ messagesRemaining: 5, reservedMessages: 40 })).toBeNull();
  });
});
