// The icons content may name; shared/components/feature-icons.tsx draws each.
// Content names an icon by this string and never imports a component.
export type FeatureIconName =
  | 'speed'
  | 'shield'
  | 'uptime'
  | 'support'
  | 'scale'
  | 'code'
  | 'storage'
  | 'backup'
  | 'panel'
  | 'wordpress'
  | 'server'
  | 'chat'
  | 'mail'
  | 'star'
  | 'wrench';
