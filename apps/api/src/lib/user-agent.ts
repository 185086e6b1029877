/** A coarse reading of a user agent for the sessions list and the security events: browser, OS, device type. */
export interface DeviceInfo {
  browser: string | null;
  os: string | null;
  deviceType: 'mobile' | 'tablet' | 'desktop' | 'unknown';
}

const major = (v: string | undefined) => (v ? v.split(/[._]/)[0] : undefined);

export function parseUserAgent(ua: string | null | undefined): DeviceInfo {
  if (!ua) return { browser: null, os: null, deviceType: 'unknown' };
  const m = (re: RegExp) => ua.match(re)?.[1];
  let browser: string | null = null;
  const edge = m(/Edg(?:e|A|iOS)?\/([\d.]+)/);
  const opera = m(/OPR\/([\d.]+)/);
  const firefox = m(/(?:Firefox|FxiOS)\/([\d.]+)/);
  const chrome = m(/(?:Chrome|CriOS)\/([\d.]+)/);
  const safari = /Safari\//.test(ua) ? m(/Version\/([\d.]+)/) : undefined;
  if (edge) browser = `Edge ${major(edge)}`;
  else if (opera) browser = `Opera ${major(opera)}`;
  else if (firefox) browser = `Firefox ${major(firefox)}`;
  else if (chrome) browser = `Chrome ${major(chrome)}`;
  else if (safari) browser = `Safari ${major(safari)}`;

  let os: string | null = null;
  const android = m(/Android ([\d.]+)/);
  const ios = m(/(?:iPhone|CPU) OS ([\d_]+)/);
  if (android) os = `Android ${major(android)}`;
  else if (/iPad|iPhone|iPod/.test(ua)) os = ios ? `iOS ${major(ios)}` : 'iOS';
  else if (/Windows/.test(ua)) os = 'Windows';
  else if (/Mac OS X/.test(ua)) os = 'macOS';
  else if (/CrOS/.test(ua)) os = 'ChromeOS';
  else if (/Linux/.test(ua)) os = 'Linux';

  const deviceType: DeviceInfo['deviceType'] = /iPad|Tablet/.test(ua)
    ? 'tablet'
    : /Mobi|iPhone|Android/.test(ua)
      ? 'mobile'
      : browser || os
        ? 'desktop'
        : 'unknown';
  return { browser, os, deviceType };
}
