/** The state badge lives in client/src/components/practices (the client record's practices panel uses it too). */
export { PracticeStateBadge, practiceStateColor } from '../../../components/practices/practice-state-badge';
