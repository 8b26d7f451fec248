import { ApiError, toast, useTranslation } from '@agora/kit';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { checkForm, labelOf } from './checks';
import { ImageField } from './image-field';
import type { FieldSpec, FormValue, FormValues } from './schema';

export interface SchemaFormProps {
  fields: FieldSpec[];
  initial: FormValues;
  /** Sends the values; a rejection with field errors is shown on the fields. */
  onSubmit: (values: FormValues) => Promise<unknown>;
  submitLabel?: string;
  testId?: string;
  /** Drawn under the fields, above the button. */
  children?: ReactNode;
}

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: FieldSpec;
  value: FormValue;
  error?: string;
  onChange: (value: FormValue) => void;
}) {
  const { t } = useTranslation();
  const label = labelOf(field, t);
  const help = error ?? (field.description ? (field.worded ? field.description : t(field.description)) : ' ');
  if (field.kind === 'switch') {
    return (
      <Box>
        <FormControlLabel
          control={<Switch name={field.name} checked={value === true} onChange={(_, on) => onChange(on)} />}
          label={label}
        />
        <FormHelperText error={Boolean(error)}>{help}</FormHelperText>
      </Box>
    );
  }
  const common = {
    name: field.name,
    label,
    required: field.required,
    error: Boolean(error),
    helperText: help,
    fullWidth: true,
    size: 'small' as const,
    slotProps: { htmlInput: { 'data-field': field.name } },
  };
  if (field.kind === 'select') {
    return (
      <TextField
        {...common}
        select
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ ...common.slotProps, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {(field.options ?? []).map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.raw ? option.label : t(option.label)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'image') {
    return (
      <ImageField
        name={field.name}
        label={label}
        required={field.required}
        value={String(value)}
        error={error}
        help={help}
        onChange={onChange}
      />
    );
  }
  if (field.kind === 'lines') {
    const lines = Array.isArray(value) ? value.join('\n') : String(value);
    return (
      <TextField
        {...common}
        multiline
        minRows={3}
        value={lines}
        onChange={(event) => onChange(event.target.value.split('\n'))}
      />
    );
  }
  if (field.kind === 'color') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box
          component="input"
          type="color"
          aria-label={label}
          value={/^#[0-9a-f]{6}$/i.test(String(value)) ? String(value) : '#000000'}
          onChange={(event: { target: { value: string } }) => onChange(event.target.value)}
          sx={{ width: 48, height: 40, p: 0, border: 0, background: 'none', cursor: 'pointer' }}
        />
        <TextField {...common} value={String(value)} onChange={(event) => onChange(event.target.value)} />
      </Stack>
    );
  }
  return (
    <TextField
      {...common}
      type={field.kind === 'password' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
      multiline={field.kind === 'textarea'}
      minRows={field.kind === 'textarea' ? 4 : undefined}
      value={String(value)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Any admin form, drawn from its schema; the server's field errors land on their fields. */
export function SchemaForm({ fields, initial, onSubmit, submitLabel, testId, children }: SchemaFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(initial), [initial]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const found = checkForm(fields, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(values);
      toast.success(t('ui.admin.form.saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const mapped: Record<string, string> = {};
      for (const problem of error.fieldErrors) {
        const field = fields.find((f) => (f.serverField ?? f.name) === problem.error_field);
        if (field) mapped[field.name] = problem.error_msg;
        else setFormError(problem.error_msg);
      }
      setErrors(mapped);
      if (error.fieldErrors.length === 0) setFormError(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid={testId} sx={{ maxWidth: 640 }}>
      <Stack spacing={1.5}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => {
              setValues((v) => ({ ...v, [field.name]: value }));
              setErrors(({ [field.name]: _, ...rest }) => rest);
            }}
          />
        ))}
        {children}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel ?? t('ui.admin.form.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
