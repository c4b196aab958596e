/** Spec section 9: the bell sound plays at volume 0.05. */
export const NOTIFICATION_SOUND_VOLUME = 0.05;
/** Spec section 9: the audio alert is remembered locally as YES or NO. */
export const NOTIFICATION_AUDIO_STORAGE_KEY = 'notificationAudio';

export const readAudioFlag = (): boolean => {
  try {
    return window.localStorage.getItem(NOTIFICATION_AUDIO_STORAGE_KEY) !== 'NO';
  } catch {
    return true;
  }
};

export const writeAudioFlag = (isOn: boolean): void => {
  try {
    window.localStorage.setItem(NOTIFICATION_AUDIO_STORAGE_KEY, isOn ? 'YES' : 'NO');
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
};

let audioContext: AudioContext | null = null;

/** A short two-tone bell, synthesised (no file to load); silent where WebAudio is missing or not yet allowed. */
export const playNotificationSound = (volume = NOTIFICATION_SOUND_VOLUME): void => {
  try {
    audioContext ??= new AudioContext();
    const context = audioContext;
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + index * 0.12;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(volume, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.6);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.6);
    });
  } catch {
    // No sound is better than a broken bell.
  }
};
