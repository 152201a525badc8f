import { TextField, type TextFieldProps } from './TextField';

type BoundFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'autoComplete'> & {
  value: string;
  /** The field's new text (the state setter, usually). */
  onValue: (value: string) => void;
};

/**
 * A password input as every form here asks for one: a password manager fills the current one
 * (sign-in, re-confirming) or offers a new one (sign-up, reset, change).
 */
export function PasswordField({
  purpose = 'current',
  label = 'Password',
  name = 'password',
  value,
  onValue,
  required = true,
  ...rest
}: Omit<BoundFieldProps, 'label'> & { label?: string; purpose?: 'current' | 'new' }) {
  return (
    <TextField
      {...rest}
      label={label}
      name={name}
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      required={required}
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}

/** A one-time code from an authenticator app (or a recovery code, with inputMode text). */
export function CodeField({
  label = 'Code from the app',
  name = 'code',
  inputMode = 'numeric',
  value,
  onValue,
  ...rest
}: Omit<BoundFieldProps, 'label'> & { label?: string }) {
  return (
    <TextField
      {...rest}
      label={label}
      name={name}
      inputMode={inputMode}
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
