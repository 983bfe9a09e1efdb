/** A form field's text as submitted: '' when it is missing or a file (no form here takes files). */
export function fieldText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
