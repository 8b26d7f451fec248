import { type ChangeEvent, useCallback, useState } from 'react';
import { ApiError } from '../api/api-error';
import { useTranslation } from '../i18n/use-translation';
import { CaptchaCancelled } from '../ui/captcha';
import { type Rule, validate } from './rules';

/**
 * A small form: values, client checks, server field errors mapped onto the fields and the
 * form-level message (err_type alert, or a message without a field).
 */
export function useForm<F extends string>(initial: Record<F, string>, checks: Partial<Record<F, Rule[]>>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const bind = useCallback(
    (field: F) => ({
      name: field,
      value: values[field],
      error: Boolean(errors[field]),
      helperText: errors[field] ?? ' ',
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [field]: value }));
        setErrors((e) => ({ ...e, [field]: undefined }));
      },
    }),
    [values, errors],
  );

  /** Runs `send` when the client checks pass; maps a failure onto the form. True on success. */
  const submit = async (send: (values: Record<F, string>) => Promise<unknown>): Promise<boolean> => {
    setFormError('');
    const found = validate(values, checks as Record<string, Rule[]>, t) as Partial<Record<F, string>>;
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setBusy(true);
    try {
      await send(values);
      return true;
    } catch (error) {
      if (error instanceof CaptchaCancelled) return false;
      if (error instanceof ApiError) {
        const mapped: Partial<Record<F, string>> = {};
        for (const field of error.fieldErrors) {
          if (field.error_field in values) mapped[field.error_field as F] = field.error_msg;
          else setFormError(field.error_msg);
        }
        setErrors(mapped);
        if (error.fieldErrors.length === 0 && (error.errType === 'alert' || error.status === 403)) {
          setFormError(error.message);
        }
        return false;
      }
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, errors, setErrors, formError, setFormError, busy, bind, submit };
}
