import { CalendarDays, X } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { checkDateTime, DATE_TIME_FORMAT, formatDateTime, MAX_YEAR, MIN_YEAR, type DateRules } from './dateTimeRules';

export interface DateTimeInputProps extends DateRules {
  /** A Date, or text from elsewhere (a URL, an API) that is checked before it is shown. */
  value: Date | string | null;
  onChange: (date: Date | null) => void;
  label?: string;
  placeholder?: string;
  clearable?: boolean;
  timeIntervals?: number;
  disabled?: boolean;
}

interface FieldProps {
  value?: string;
  onClick?: () => void;
  placeholder?: string;
  id: string;
  invalid: boolean;
  describedBy?: string;
  disabled?: boolean;
}

const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(props, ref) {
  return (
    <div className="datetime-field">
      <CalendarDays size={16} aria-hidden="true" className="datetime-icon" />
      <input
        ref={ref}
        id={props.id}
        readOnly
        value={props.value ?? ''}
        onClick={props.onClick}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') && props.onClick?.()}
        placeholder={props.placeholder}
        aria-invalid={props.invalid}
        aria-describedby={props.describedBy}
        disabled={props.disabled}
      />
    </div>
  );
});

/** The console's date-and-time input: read-only text, a calendar popup, and the rules of dateTimeRules. */
export function DateTimeInput(props: DateTimeInputProps) {
  const { value, onChange, label, placeholder = 'Select date and time', clearable, timeIntervals = 30 } = props;
  const showTimeSelect = props.showTimeSelect ?? true;
  const rules: DateRules = { minDate: props.minDate, maxDate: props.maxDate, filterDate: props.filterDate, showTimeSelect };
  const [rejection, setRejection] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const current = checkDateTime(value, { showTimeSelect });
  const selected = current.ok ? current.date : null;
  const message = rejection ?? (current.ok ? null : current.message);

  const choose = (date: Date | null) => {
    const check = checkDateTime(date, rules);
    if (!check.ok) {
      setRejection(check.message);
      return;
    }
    setRejection(null);
    onChange(check.date);
  };

  return (
    <div className="datetime-input">
      {label && <label htmlFor={id}>{label}</label>}
      <div className="datetime-row">
        <DatePicker
          selected={selected}
          onChange={(date: Date | null) => choose(date)}
          dateFormat={showTimeSelect ? DATE_TIME_FORMAT : 'MMM d, yyyy'}
          showTimeSelect={showTimeSelect}
          timeIntervals={timeIntervals}
          showMonthDropdown
          showYearDropdown
          dropdownMode="select"
          minDate={props.minDate ?? new Date(MIN_YEAR, 0, 1)}
          maxDate={props.maxDate ?? new Date(MAX_YEAR, 11, 31, 23, 59)}
          filterDate={props.filterDate}
          popperPlacement="bottom-end"
          disabled={props.disabled}
          placeholderText={placeholder}
          customInput={<Field id={id} invalid={message !== null} describedBy={message ? errorId : undefined} />}
        />
        {clearable && selected && (
          <button type="button" className="icon-button" aria-label="Clear date" onClick={() => choose(null)}>
            <X size={14} aria-hidden="true" />
          </button>
        )}
      </div>
      {message && (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      )}
      {!message && selected && <span className="visually-hidden">{formatDateTime(selected)}</span>}
    </div>
  );
}
