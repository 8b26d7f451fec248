import type { Language } from '../i18n/languages';

/**
 * What a fresh site holds after installation, in the language the installer chose: one tag and two help
 * questions with their answers, written by the admin through the services' own commands.
 */
export interface StarterQuestion {
  title: string;
  content: string;
  answer: string;
}

export interface StarterContent {
  tag: { slug_name: string; display_name: string };
  questions: StarterQuestion[];
}

export const STARTER_TAG_SLUG = 'support';

const en_US: StarterContent = {
  tag: {
    slug_name: STARTER_TAG_SLUG,
    display_name: 'support',
  },
  questions: [
    {
      title: 'What is a tag?',
      content:
        'Every question here carries one or more tags. What is a tag for, and how do I pick the right ones when I ask?',
      answer: [
        'A tag is a keyword that groups questions on the same subject, so that the people who know it can find them.',
        '',
        '- Pick the tags that say what your question is about, not what it is like (`support`, not `urgent`).',
        '- Follow a tag to see its new questions on your home page.',
        '- A tag page lists its questions and explains what the tag covers.',
        '',
        'Members with enough reputation can create new tags and improve their descriptions.',
      ].join('\n'),
    },
    {
      title: 'What is reputation and how do I earn them?',
      content: 'Members have a reputation score beside their name. What does it measure, and how do I earn it?',
      answer: [
        'Reputation measures how much the community trusts you. You earn it when others find your posts useful:',
        '',
        '- your question is voted up;',
        '- your answer is voted up, or accepted by the asker;',
        '- an edit you suggested is approved.',
        '',
        'You lose a little when your posts are voted down. As your reputation grows you gain privileges: voting,',
        'commenting everywhere, editing others\u2019 posts and helping to moderate the site.',
      ].join('\n'),
    },
  ],
};

const zh_CN: StarterContent = {
  tag: {
    slug_name: STARTER_TAG_SLUG,
    display_name: 'support',
  },
  questions: [
    {
      title: '什么是标签？',
      content: '这里的每个问题都带有一个或多个标签。标签有什么用？提问时该怎样选择合适的标签？',
      answer: [
        '标签是把同一主题的问题归在一起的关键词，方便了解该主题的人找到它们。',
        '',
        '- 选择说明问题内容的标签，而不是问题性质的标签（用 `support`，不用 `urgent`）。',
        '- 关注一个标签，就能在首页看到它的新问题。',
        '- 标签页列出该标签下的问题，并说明标签涵盖的范围。',
        '',
        '声望足够的成员可以创建新标签并完善标签说明。',
      ].join('\n'),
    },
    {
      title: '什么是声望？怎样获得声望？',
      content: '成员的名字旁边有一个声望值。它衡量的是什么？我怎样才能获得声望？',
      answer: [
        '声望衡量社区对你的信任程度。当别人认为你的帖子有用时，你就会获得声望：',
        '',
        '- 你的问题被赞同；',
        '- 你的回答被赞同，或被提问者采纳；',
        '- 你建议的编辑被批准。',
        '',
        '帖子被反对时会失去少量声望。声望越高，获得的权限越多：投票、在任何地方评论、编辑他人的帖子以及协助管理本站。',
      ].join('\n'),
    },
  ],
};

export const STARTER_CONTENT: Record<Language, StarterContent> = { en_US, zh_CN };
