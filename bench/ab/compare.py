"""Base against main over the rounds of one or more A/B runs (bench/ab/run.sh): each budgeted figure's median per
side, and the median of the per-round changes (main over base in the same round), which the machine's drift between
runs touches least. Several run folders pool their rounds: pass only runs of the same code.
   python3 bench/ab/compare.py <out> [<out> ...]   (writes compare.json into the first)"""
import glob
import json
import statistics
import sys

OUTS = sys.argv[1:] or ['/tmp/ab']
FIGURES = {
    'ask p99': ('posts', lambda d: d['ask_question']['p99_ms']),
    'ask p50': ('posts', lambda d: d['ask_question']['p50_ms']),
    'ask at 16/s p99': ('posts', lambda d: d['ask_question']['at_16_per_second']['p99_ms']),
    'detail p99': ('posts', lambda d: d['question_detail']['p99_ms']),
    **{
        f'list page 1 {sort} p99': ('posts', lambda d, s=sort: d['question_list_page_1'][s]['p99_ms'])
        for sort in ['newest', 'active', 'score', 'frequent', 'unanswered']
    },
    'vote p99 (paced)': ('votes', lambda d: d['vote_command']['p99_ms']),
    'vote p50 (paced)': ('votes', lambda d: d['vote_command']['p50_ms']),
}


def rounds(bench, read):
    """(base, main) of every round that has both sides."""
    pairs = []
    for out in OUTS:
        for base_path in sorted(glob.glob(f'{out}/base-{bench}-*.json')):
            main_path = base_path.replace('/base-', '/main-')
            try:
                with open(base_path) as b, open(main_path) as m:
                    pairs.append((read(json.load(b)), read(json.load(m))))
            except FileNotFoundError:
                continue
    return pairs


report = {}
for name, (bench, read) in FIGURES.items():
    pairs = rounds(bench, read)
    if not pairs:
        continue
    base, main = [b for b, _ in pairs], [m for _, m in pairs]
    b, m = statistics.median(base), statistics.median(main)
    per_round = statistics.median([m_ / b_ for b_, m_ in pairs])
    report[name] = {
        'base': base,
        'main': main,
        'base_median': b,
        'main_median': m,
        'change_pct': round((m - b) / b * 100, 1),
        'per_round_change_pct': round((per_round - 1) * 100, 1),
        'rounds': len(pairs),
    }
    print(f'{name:28} base {b:8.2f}  main {m:8.2f}  {report[name]["change_pct"]:+6.1f} %  '
          f'per round {report[name]["per_round_change_pct"]:+6.1f} %  ({len(pairs)} rounds)')
json.dump(report, open(f'{OUTS[0]}/compare.json', 'w'), indent=2)
