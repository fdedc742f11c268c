import { useCallback, useState } from 'react';

/**
 * A form's errors by field, and `clearError(field)`: a field's error goes as soon as the reader
 * edits that field, while the others stay.
 */
export function useFieldErrors<Field extends string, Problem>() {
  const [errors, setErrors] = useState<Partial<Record<Field, Problem>>>({});
  const clearError = useCallback((field: Field) => {
    setErrors((previous) => {
      if (previous[field] === undefined) return previous;
      const { [field]: _, ...rest } = previous;
      return rest as Partial<Record<Field, Problem>>;
    });
  }, []);
  return [errors, setErrors, clearError] as const;
}
