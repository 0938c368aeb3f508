import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import { nextTick, onMounted } from 'vue';
import { applyStoredLanguage, installLanguageSwitch } from './language-switch';
import './custom.css';

export default {
  extends: DefaultTheme,
  enhanceApp({ router }) {
    if (typeof window === 'undefined') return;
    installLanguageSwitch();
    const previous = router.onAfterRouteChange;
    router.onAfterRouteChange = async (to) => {
      await previous?.(to);
      await nextTick();
      applyStoredLanguage();
    };
  },
  setup() {
    // The first page of a visit: once the app has mounted its content.
    onMounted(() => applyStoredLanguage());
  },
} satisfies Theme;
