"""Median over rounds of each budgeted figure of the A/B (bench/ab/run.sh), base against main, and the change."""
import glob
import json
import statistics
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else '/tmp/ab'
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


def figures(side, bench, read):
    values = []
    for path in sorted(glob.glob(f'{OUT}/{side}-{bench}-*.json')):
        with open(path) as f:
            values.append(read(json.load(f)))
    return values


report = {}
for name, (bench, read) in FIGURES.items():
    base, main = figures('base', bench, read), figures('main', bench, read)
    if not base or not main:
        continue
    b, m = statistics.median(base), statistics.median(main)
    report[name] = {'base': base, 'main': main, 'base_median': b, 'main_median': m, 'change_pct': round((m - b) / b * 100, 1)}
    print(f'{name:28} base {b:8.2f}  main {m:8.2f}  {report[name]["change_pct"]:+6.1f} %   ({base} / {main})')
json.dump(report, open(f'{OUT}/compare.json', 'w'), indent=2)
