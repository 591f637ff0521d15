import { describe, expect, it } from 'vitest';
import { deliveryFailureText, userFacingReason } from './sending';

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
