"""The built-in demo stream: RecallM's Figure 7 situations with unrelated updates in between.

Brandon's trip changes from Paris to Brazil, his job is lost and found again, and he eats a salad
before a banana; everything else is noise the memory has to see past. One statement a day from
DEMO_FIRST_DAY, so the Browser guide can travel to a date as well as to a ``t``.
"""

from datetime import date

DEMO_FIRST_DAY = date(2025, 3, 1)

DEMO_STREAM: tuple[str, ...] = (
    "Brandon wants to go to Paris for his next vacation.",
    "Carter works as a nurse at the city hospital.",
    "The weather in Seattle was rainy all week.",
    "Brandon just ate a salad.",
    "Alice adopted a grey cat named Pixel.",
    "Brandon works at a bakery in Austin.",
    "The library extended its opening hours on weekends.",
    "Carter just ate some chicken.",
    "Dana is learning to play the violin.",
    "Brandon is still looking forward to his vacation in Paris.",
    "The football team won the regional championship.",
    "Alice moved to Denver last spring.",
    "Brandon quit his current job after just 2 weeks of working there.",
    "A new coffee shop opened near the train station.",
    "Dana lives in Chicago with her brother.",
    "Brandon is unemployed.",
    "The museum opened an exhibition about ancient Egypt.",
    "Carter bought a red bicycle.",
    "Brandon just ate a banana.",
    "The city council approved a new park.",
    "Alice works as a software engineer at Globex.",
    "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead.",
    "The bakery on Main Street sells fresh bread every morning.",
    "Dana visited her grandmother in Ohio.",
    "Brandon found a new job at Cisco and is no longer unemployed.",
    "The river flooded the lower fields after the storm.",
    "Carter is training for a marathon in October.",
    "Alice's cat Pixel likes to sleep on the keyboard.",
    "The concert in the park was cancelled because of the rain.",
    "Dana started a new job at the university library.",
    "The train to Portland was delayed by an hour.",
    "Carter lives in Boston.",
)

DEMO_QUESTIONS: tuple[tuple[str, str], ...] = (
    ("Where does Brandon plan on traveling for his next vacation?", "Brazil"),
    ("What was the last thing Brandon ate before the banana?", "salad"),
    ("Is Brandon currently employed?", "yes, at Cisco"),
    ("Where does Alice work?", "Globex"),
)
