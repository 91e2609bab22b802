import { useNavigation } from 'react-router';

/**
 * True while one of the page's forms is being posted: the reading forms disable their buttons then, so a
 * double tap sends nothing twice. A GET navigation (a filter, a tab) does not count.
 */
export function usePosting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formMethod === 'POST';
}
