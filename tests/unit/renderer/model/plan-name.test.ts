import { describe, expect, it } from 'vitest';
import { planNameParts } from '../../../../renderer/src/model/plan-name';

describe('plan name parts', () => {
  it('puts the bracketed price of a plan name apart, the text unchanged', () => {
    expect(planNameParts('Starter ($500/month)')).toEqual({ title: 'Starter', price: '($500/month)' });
    expect(planNameParts('Growth Plus ($2,000/month)')).toEqual({ title: 'Growth Plus', price: '($2,000/month)' });
  });

  it('keeps a name without a bracketed end whole', () => {
    expect(planNameParts('Pay as you go')).toEqual({ title: 'Pay as you go', price: null });
    expect(planNameParts('(Legacy)')).toEqual({ title: '(Legacy)', price: null });
    expect(planNameParts('Team (EU) annual')).toEqual({ title: 'Team (EU) annual', price: null });
  });
});
