#!/usr/bin/env python3
"""Everyday tasks on a real local model: how often the product's final answer holds the right value.

usage: tests/bench/local_tasks.py [--bin PATH] [--set main|heldout|third|...|twentysecond] [--only N,M] [--model GGUF]
                                  [--server-python PY] [--keep DIR] [--builtin] [--rescore DIR]

Starts llama.cpp's server (xllamacpp, from .ci/local-model.sh) with the model CI assembles (Qwen2.5-
Coder-0.5B-Instruct unless --model names another GGUF), then runs each task in a fresh workspace:
`interpreter exec --json -y` with the request. With --builtin no server runs: each task's process
runs the GGUF in-process (the built-in runtime, `--model FILE.gguf`; the binary must be built with
`--features local-runtime`), keeping read prompts in a cache of the bench's own. A task is
  - "answered" when the final assistant message holds the expected value (not only inside a
    whole file of the task it quotes),
  - "computed" when some run's output holds it;
the summary counts apart the answers that hold a value some run printed (a right guess is not one).
Failures are sorted by kind from the events: no code ran, the code failed, code ran but printed
something else, the answer dropped a right output, or the run timed out.
Prints one line per task and a summary (scores, failure kinds, seconds per task). Not a test:
the model decides, and the numbers go in the notes.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]

CSV = "region,units,price\nnorth,12,3.5\nsouth,7,4.0\neast,20,2.25\nwest,5,10.0\n"
POEM = "roses are red\nviolets are blue\nsugar is sweet\nand so are you\n"
NUMBERS = "\n".join(str(n) for n in [14, 3, 27, 8, 41, 6, 19]) + "\n"
LOG = "".join(
    f"2026-11-{d:02d} {lvl} {msg}\n"
    for d, lvl, msg in [
        (1, "INFO", "start"), (1, "ERROR", "disk"), (2, "WARN", "slow"), (2, "ERROR", "net"),
        (3, "INFO", "ok"), (3, "ERROR", "disk"), (4, "INFO", "stop"),
    ]
)
JSON_DOC = json.dumps({"team": [{"name": "ada", "age": 36}, {"name": "linus", "age": 29},
                                {"name": "grace", "age": 45}]})

# (request, files in the workspace, expected value as it must appear in the answer)
TASKS = [
    ("What is 1234 multiplied by 5678? Compute it with code.", {}, "7006652"),
    ("Compute 2 to the power of 40 with code and tell me the result.", {}, "1099511627776"),
    ("What is the sum of all integers from 1 to 250? Use code.", {}, "31375"),
    ("How many lines does poem.txt have?", {"poem.txt": POEM}, "4"),
    ("How many words are in poem.txt?", {"poem.txt": POEM}, "13"),
    ("What is the total of the units column in sales.csv?", {"sales.csv": CSV}, "44"),
    ("Which region in sales.csv has the highest price?", {"sales.csv": CSV}, "west"),
    ("What is the sum of units times price over all rows of sales.csv?", {"sales.csv": CSV}, "165"),
    ("How many files are in this folder?", {"a.txt": "1", "b.txt": "2", "c.md": "3"}, "3"),
    ("How many .txt files are in this folder?", {"a.txt": "1", "b.txt": "2", "c.md": "3", "d.txt": "4"}, "3"),
    ("What is the largest number in numbers.txt?", {"numbers.txt": NUMBERS}, "41"),
    ("What is the sum of the numbers in numbers.txt?", {"numbers.txt": NUMBERS}, "118"),
    ("How many ERROR lines are in app.log?", {"app.log": LOG}, "3"),
    ("On which date does app.log have a WARN line? Answer with the date.", {"app.log": LOG}, "2026-11-02"),
    ("What is the md5 hex digest of the text hello (no newline)? Use code.", {}, "5d41402abc4b2a76b9719d911017c592"),
    ("What is the sha256 hex digest of the text abc (no newline)? Use code.", {}, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("What day of the week was 2000-01-01? Use code.", {}, "Saturday"),
    ("How many days are there between 2024-01-01 and 2024-12-25? Use code.", {}, "359"),
    ("What is the average age in team.json?", {"team.json": JSON_DOC}, "36.6"),
    ("Who is the oldest person in team.json?", {"team.json": JSON_DOC}, "grace"),
    ("Reverse the string stressed with code and tell me the result.", {}, "desserts"),
    ("How many vowels (a, e, i, o, u) are in the word encyclopedia? Count with code.", {}, "5"),
    ("What is the 20th Fibonacci number (F1 = 1, F2 = 1)? Use code.", {}, "6765"),
    ("Is 7919 a prime number? Check with code and answer yes or no.", {}, "yes"),
    ("What is 17 factorial? Use code.", {}, "355687428096000"),
    ("Create a file hello.txt containing exactly the text hi there (no newline), then tell me its size in bytes.", {}, "8"),
    ("How many characters (including newlines) does poem.txt have?", {"poem.txt": POEM}, "61"),
    ("What is the longest word in poem.txt?", {"poem.txt": POEM}, "violets"),
    ("Convert 100 degrees Fahrenheit to Celsius with code, rounded to one decimal.", {}, "37.8"),
    ("What is the greatest common divisor of 462 and 1071? Use code.", {}, "21"),
    ("Sort these numbers and give me the median: 91, 23, 57, 14, 68. Use code.", {}, "57"),
    ("How many lines of app.log mention disk?", {"app.log": LOG}, "2"),
]


# A second set, written after the harness's coaching was built on the first and never used to
# tune it: the same everyday kinds (arithmetic, text and CSV and JSON files, dates, hashes,
# folders, a file to make), other requests and other file shapes (a CSV with other columns, a
# JSON list at the top, comma-separated numbers, an access log). Its score says how far the
# coaching carries beyond the requests it was measured on (`--set heldout`).
NOTES = "buy milk\n\ncall bob\n\n\nread book\nsleep\n"
TODO = "fix the bike\npay rent\nwater the plants\n"
INVENTORY = "item,qty,cost\nbolt,120,0.25\nnut,300,0.1\ngear,15,4.5\nspring,42,0.8\nvalve,8,12.0\n"
VALUES = "5, 12, 9, 31, 2, 19\n"
STORY = "The cat sat on the mat.\nA dog saw the cat and ran.\nThen the cat slept all day.\n"
ACCESS_LOG = "".join(
    f"{method} {path} {status}\n"
    for method, path, status in [
        ("GET", "/index.html", 200), ("GET", "/about.html", 404), ("POST", "/login", 200),
        ("GET", "/index.html", 200), ("GET", "/missing.png", 404), ("GET", "/index.html", 304),
        ("GET", "/old", 404),
    ]
)
PEOPLE = json.dumps([{"name": "mia", "age": 31, "city": "Oslo"}, {"name": "tom", "age": 24, "city": "Lyon"},
                     {"name": "ines", "age": 45, "city": "Oslo"}, {"name": "raj", "age": 29, "city": "Pune"},
                     {"name": "zoe", "age": 38, "city": "Lima"}])
CODE_FOLDER = {"main.py": "print(1)\n", "util.py": "x = 1\n", "README.md": "# hi\n", "setup.cfg": "[x]\n",
               "test_main.py": "assert True\n"}
SIZES_FOLDER = {"a.txt": "hello\n", "b.txt": "abc", "c.log": "zzzz", "d.txt": "0123456789"}

HELDOUT = [
    ("What is 987654 divided by 123, rounded to two decimals? Use code.", {}, "8029.71"),
    ("How many seconds are in a week? Compute it with code.", {}, "604800"),
    ("What is the sum of the squares of the integers from 1 to 30? Use code.", {}, "9455"),
    ("How many digits does 2 to the power of 100 have? Use code.", {}, "31"),
    ("What is the 10th prime number? Use code.", {}, "29"),
    ("What is the least common multiple of 12 and 18? Use code.", {}, "36"),
    ("What is the smallest prime factor of 221? Use code.", {}, "13"),
    ("What is the square root of 2, rounded to 4 decimals? Use code.", {}, "1.4142"),
    ("How many times does the letter s appear in mississippi? Count with code.", {}, "4"),
    ("What is the base64 encoding of the text hello world (no newline)? Use code.", {}, "aGVsbG8gd29ybGQ="),
    ("What is the sha1 hex digest of the text abc (no newline)? Use code.", {}, "a9993e364706816aba3e25717850c26c9cd0d89d"),
    ("What date is 90 days after 2025-03-01? Use code and answer as YYYY-MM-DD.", {}, "2025-05-30"),
    ("How many Mondays are there in the year 2025? Use code.", {}, "52"),
    ("What is the mean of 4, 8, 15, 16, 23, 42? Use code.", {}, "18"),
    ("What is 15 percent of 240? Use code.", {}, "36"),
    ("How many minutes are there between 09:15 and 17:40 on the same day? Use code.", {}, "505"),
    ("How many lines of notes.txt are empty?", {"notes.txt": NOTES}, "3"),
    ("How many characters long is the last line of todo.txt?", {"todo.txt": TODO}, "16"),
    ("How many rows, not counting the header, does inventory.csv have?", {"inventory.csv": INVENTORY}, "5"),
    ("Which item in inventory.csv has the lowest qty?", {"inventory.csv": INVENTORY}, "valve"),
    ("What is the average cost in inventory.csv, rounded to two decimals?", {"inventory.csv": INVENTORY}, "3.53"),
    ("How many .py files are in this folder?", CODE_FOLDER, "3"),
    ("What is the total size in bytes of all .txt files in this folder?", SIZES_FOLDER, "19"),
    ("What is the smallest number in values.txt?", {"values.txt": VALUES}, "2"),
    ("What is the average of the numbers in values.txt?", {"values.txt": VALUES}, "13"),
    ("How many times does the word cat appear in story.txt?", {"story.txt": STORY}, "3"),
    ("How many lines of server.log have the status 404?", {"server.log": ACCESS_LOG}, "3"),
    ("Which path in server.log was requested most often?", {"server.log": ACCESS_LOG}, "index.html"),
    ("How many people in people.json are older than 30?", {"people.json": PEOPLE}, "3"),
    ("In which city does the youngest person in people.json live?", {"people.json": PEOPLE}, "lyon"),
    ("Create a file numbers.txt with the numbers 1 to 5, one per line, then tell me the sum of the numbers in it.", {}, "15"),
    ("Write the text OK into status.txt, then tell me how many files this folder has now.", {"x.txt": "1", "y.txt": "2"}, "3"),
]

# A third set, written in session 26 and run on the harness as it stood before any change was
# made from it: the held-out set had by then been used to tune the coaching, so it no longer
# says how far the coaching carries. Same everyday kinds, new requests and file shapes (a TSV,
# a nested JSON object, a log of users, words one per line, a folder to make).
GRADES = "student,math,art\nkim,88,92\nleo,75,81\nmay,93,70\nned,60,85\n"
WORDS = "apple\nbanana\ncherry\ndate\nelderberry\nfig\n"
CONFIG = json.dumps({"server": {"port": 8080, "host": "localhost"}, "debug": True, "workers": 4})
ORDERS = json.dumps([{"id": 1, "total": 19.99}, {"id": 2, "total": 5.5}, {"id": 3, "total": 42.25},
                     {"id": 4, "total": 7.0}])
TEMPS = "monday 21\ntuesday 25\nwednesday 19\nthursday 30\nfriday 24\n"
EVENTS = "alice login\nbob login\nalice logout\ncarol login\nbob logout\nalice login\n"
DATA_TSV = "a\t5\nb\t12\nc\t30\nd\t10\n"
MIXED_FOLDER = {"notes.md": "x" * 12, "a.txt": "abc", "photo.jpg": "y" * 40, "b.txt": "hello world"}

THIRD = [
    ("What is 3.75 times 48? Use code.", {}, "180"),
    ("How many hours are in 365 days? Compute it with code.", {}, "8760"),
    ("What is the remainder when 123456789 is divided by 97? Use code.", {}, "39"),
    ("What is the sum of the digits of 2 to the power of 50? Use code.", {}, "76"),
    ("How many even numbers are there from 1 to 999? Use code.", {}, "499"),
    ("What is 45 written in binary? Use code.", {}, "101101"),
    ("What is 48879 in hexadecimal? Use code.", {}, "beef"),
    ("What is the sum of all multiples of 3 below 1000? Use code.", {}, "166833"),
    ("What is the crc32 checksum of the text hello (no newline), as a decimal number? Use code.", {}, "907060870"),
    ("What day of the week is 2026-12-25? Use code.", {}, "friday"),
    ("How many days are in February 2028? Use code.", {}, "29"),
    ("How many full years old is someone born on 1990-06-15 on 2026-12-01? Use code.", {}, "36"),
    ("How many words are in the sentence: the quick brown fox jumps over the lazy dog? Count with code.", {}, "9"),
    ("How many uppercase letters are in the text Hello World From Oslo? Count with code.", {}, "4"),
    ("How many times does the most common letter of abracadabra appear in it? Use code.", {}, "5"),
    ("What is the word banana with every a replaced by o? Use code.", {}, "bonono"),
    ("What is the highest math score in grades.csv?", {"grades.csv": GRADES}, "93"),
    ("Who has the highest art score in grades.csv?", {"grades.csv": GRADES}, "kim"),
    ("What is the average math score in grades.csv?", {"grades.csv": GRADES}, "79"),
    ("How many words in words.txt start with a vowel?", {"words.txt": WORDS}, "2"),
    ("Which word in words.txt is the longest?", {"words.txt": WORDS}, "elderberry"),
    ("Which port is set in config.json?", {"config.json": CONFIG}, "8080"),
    ("What is the sum of the totals in orders.json?", {"orders.json": ORDERS}, "74.74"),
    ("Which day in temps.txt was the warmest?", {"temps.txt": TEMPS}, "thursday"),
    ("What is the average temperature in temps.txt?", {"temps.txt": TEMPS}, "23.8"),
    ("How many distinct users appear in events.log?", {"events.log": EVENTS}, "3"),
    ("How many lines of events.log are logins?", {"events.log": EVENTS}, "4"),
    ("How many lines of data.tsv have a number greater than 10 in the second column?", {"data.tsv": DATA_TSV}, "2"),
    ("What is the name of the largest file in this folder?", MIXED_FOLDER, "photo.jpg"),
    ("How many files in this folder are larger than 10 bytes?", MIXED_FOLDER, "3"),
    ("Create a folder named out with a file a.txt in it containing abc (no newline), then tell me the size of out/a.txt in bytes.", {}, "3"),
    ("Append the line done to list.txt, then tell me how many lines list.txt has.", {"list.txt": "one\ntwo\n"}, "3"),
]

# A fourth set, written in session 27 and run on the harness as it stood before any change was
# made from it (the third had by then been used to tune the coaching). Same everyday kinds,
# new requests and file shapes: octal and bits, ISO weeks, an expenses CSV with dates, a JSON
# list of books, counts on "item n" lines, IP addresses, files in subfolders, a file to rename.
EXPENSES = ("date,category,amount\n2026-03-02,food,12.50\n2026-03-05,transport,3.20\n2026-03-09,food,8.75\n"
            "2026-04-01,rent,950.00\n2026-04-03,food,20.10\n2026-04-07,transport,15.00\n")
BOOKS = json.dumps([{"title": "Dune", "author": "Herbert", "year": 1965, "pages": 412},
                    {"title": "Neuromancer", "author": "Gibson", "year": 1984, "pages": 271},
                    {"title": "The Road", "author": "McCarthy", "year": 2006, "pages": 287},
                    {"title": "Snow Crash", "author": "Stephenson", "year": 1992, "pages": 480},
                    {"title": "Klara and the Sun", "author": "Ishiguro", "year": 2021, "pages": 303}])
SETTINGS = json.dumps({"database": {"name": "shop", "user": "admin"}, "cache": {"ttl": 300, "size": 64}})
SHOPPING = "eggs 12\nmilk 2\nbread 1\napples 6\n"
README_TXT = "To build, run make.\nThen run make install.\nSee the docs for usage.\nUninstall with make uninstall.\n"
SONG = "rain falls\nrain again\nsun comes\nrain stops\n"
IP_LOG = "10.0.0.1 GET /\n10.0.0.2 GET /a\n10.0.0.1 POST /b\n10.0.0.3 GET /\n10.0.0.2 GET /c\n"
BUILD_LOG = ("WARNING: unused variable\nINFO: compiling\nWARNING: deprecated call\nERROR: missing file\n"
             "WARNING: slow test\n")
TREE = {"src/main.py": "a = 1\nb = 2\nprint(a + b)\n", "src/util.py": "x = 1\ny = 2\n",
        "docs/guide.md": "# guide\ntext\n", "setup.py": "pass\n"}
SUBFOLDERS = {"a/x.txt": "1", "b/y.txt": "2", "c/z.txt": "3", "top.txt": "4"}

FOURTH = [
    ("What is 2 to the power of 16, minus 1? Use code.", {}, "65535"),
    ("How many seconds are in 3 hours and 25 minutes? Use code.", {}, "12300"),
    ("What is 7 percent of 3250? Use code.", {}, "227.5"),
    ("What is the sum of the cubes of the integers from 1 to 10? Use code.", {}, "3025"),
    ("How many integers from 1 to 100 are divisible by 7? Use code.", {}, "14"),
    ("What is 255 written in octal? Use code.", {}, "377"),
    ("What is the hexadecimal number 1a2b in decimal? Use code.", {}, "6699"),
    ("What is 22 divided by 7, rounded to three decimals? Use code.", {}, "3.143"),
    ("How many distinct letters are in the word mississippi? Use code.", {}, "4"),
    ("How many words of the sentence 'a bad cat ate a big fig' have exactly three letters? Use code.", {}, "5"),
    ("What are the first letters of the words portable network graphics, joined together? Use code.", {}, "png"),
    ("What are the first 8 characters of the sha256 hex digest of the text openai (no newline)? Use code.", {}, "7d3194f7"),
    ("How many 1 bits does the binary form of 1000 have? Use code.", {}, "6"),
    ("What date is two weeks before 2026-03-10? Use code and answer as YYYY-MM-DD.", {}, "2026-02-24"),
    ("What ISO week number does 2026-07-04 fall in? Use code.", {}, "27"),
    ("What day of the week is 2030-01-01? Use code.", {}, "tuesday"),
    ("How many days are in the year 2100? Use code.", {}, "365"),
    ("How much was spent on food in expenses.csv in total?", {"expenses.csv": EXPENSES}, "41.35"),
    ("Which category in expenses.csv has the largest total amount?", {"expenses.csv": EXPENSES}, "rent"),
    ("How many rows of expenses.csv are from April 2026?", {"expenses.csv": EXPENSES}, "3"),
    ("Which book in books.json has the most pages?", {"books.json": BOOKS}, "snow crash"),
    ("How many books in books.json were published before 2000?", {"books.json": BOOKS}, "3"),
    ("What is the cache ttl in settings.json?", {"settings.json": SETTINGS}, "300"),
    ("How many items does shopping.txt list in total, adding up the counts?", {"shopping.txt": SHOPPING}, "21"),
    ("Which item in shopping.txt has the largest count?", {"shopping.txt": SHOPPING}, "eggs"),
    ("How many lines of readme.txt mention make?", {"readme.txt": README_TXT}, "3"),
    ("What is the most common word in song.txt?", {"song.txt": SONG}, "rain"),
    ("How many distinct IP addresses appear in access.log?", {"access.log": IP_LOG}, "3"),
    ("How many lines of build.log start with WARNING?", {"build.log": BUILD_LOG}, "3"),
    ("How many lines do all the .py files in this folder and its subfolders have together?", TREE, "6"),
    ("How many subfolders does this folder have?", SUBFOLDERS, "3"),
    ("Write the numbers 10, 20 and 30 into nums.csv as one column under the header n, then tell me how many lines nums.csv has.", {}, "4"),
    ("Rename old.txt to new.txt, then tell me the size of new.txt in bytes.", {"old.txt": "twelve chars"}, "12"),
]

# A fifth set, written in session 28 and run on the harness as it stood before any change was
# made from it (the fourth had by then been used to tune the coaching). Same everyday kinds,
# new requests and file shapes: "name: score" lines, a staff CSV grouped by department, a
# nested JSON of stock, markdown headings, durations in a log, extensions and empty files in a
# folder, a file to copy and one to delete.
SCORES = "ann: 82\nben: 67\ncid: 91\ndee: 74\n"
STAFF = "name,dept,salary\nava,eng,85000\nbo,sales,52000\ncy,eng,91000\ndi,hr,48000\ned,sales,61000\n"
STOCK = json.dumps({"warehouse": {"items": [{"sku": "A1", "stock": 5}, {"sku": "B2", "stock": 0},
                                            {"sku": "C3", "stock": 12}, {"sku": "D4", "stock": 0}]}})
GUIDE = "# Intro\ntext\n## Setup\nmore text\n## Usage\nrun it\n# End\n"
JOBS = "job1 took 12s\njob2 took 7s\njob3 took 30s\njob4 took 5s\n"
EXT_FOLDER = {"a.py": "1", "b.py": "2", "c.txt": "3", "d.md": "4", "e.md": "5", "f.md": "6"}
EMPTY_FOLDER = {"a.txt": "", "b.txt": "x", "c.txt": "", "d.log": "yy"}

FIFTH = [
    ("What is 6 to the power of 7? Use code.", {}, "279936"),
    ("How many minutes are in 2.5 days? Use code.", {}, "3600"),
    ("What is 12.5 percent of 864? Use code.", {}, "108"),
    ("How many ways are there to choose 4 items out of 12? Use code.", {}, "495"),
    ("How many numbers from 1 to 500 are divisible by both 4 and 6? Use code.", {}, "41"),
    ("What is the sum of the odd numbers from 1 to 99? Use code.", {}, "2500"),
    ("What is the binary number 1011011 in decimal? Use code.", {}, "91"),
    ("What is the cube root of 19683? Use code.", {}, "27"),
    ("How many kilometers are 100 miles, rounded to one decimal (1 mile = 1.609344 km)? Use code.", {}, "160.9"),
    ("How many vowels are in the sentence 'programming is fun'? Count with code.", {}, "5"),
    ("Is the word racecar a palindrome? Check with code and answer yes or no.", {}, "yes"),
    ("What is the word hello in uppercase, reversed? Use code.", {}, "olleh"),
    ("How many characters does the text 'Hello, World!' have? Use code.", {}, "13"),
    ("What are the first 6 characters of the md5 hex digest of the text 2026 (no newline)? Use code.", {}, "c92a10"),
    ("What is the ROT13 encoding of the word hello? Use code.", {}, "uryyb"),
    ("What date is 100 days after 2026-01-01? Use code and answer as YYYY-MM-DD.", {}, "2026-04-11"),
    ("How many weekdays (Monday to Friday) are there in March 2026? Use code.", {}, "22"),
    ("What day of the week was 1969-07-20? Use code.", {}, "sunday"),
    ("How many days of 2026 come after 2026-12-05? Use code.", {}, "26"),
    ("What is the average score in scores.txt?", {"scores.txt": SCORES}, "78.5"),
    ("Who has the lowest score in scores.txt?", {"scores.txt": SCORES}, "ben"),
    ("What is the total salary of the eng department in staff.csv?", {"staff.csv": STAFF}, "176000"),
    ("How many distinct departments are in staff.csv?", {"staff.csv": STAFF}, "3"),
    ("Which department in staff.csv has the highest average salary?", {"staff.csv": STAFF}, "eng"),
    ("How many items in stock.json have no stock left?", {"stock.json": STOCK}, "2"),
    ("What is the total stock of all items in stock.json?", {"stock.json": STOCK}, "17"),
    ("How many headings does guide.md have?", {"guide.md": GUIDE}, "4"),
    ("What is the total time in seconds of the jobs in jobs.log?", {"jobs.log": JOBS}, "54"),
    ("Which job in jobs.log took the longest?", {"jobs.log": JOBS}, "job3"),
    ("Which file extension is the most common in this folder?", EXT_FOLDER, "md"),
    ("How many files in this folder are empty?", EMPTY_FOLDER, "2"),
    ("Write the word banana into fruit.txt, then tell me how many times the letter a appears in fruit.txt.", {}, "3"),
    ("Delete tmp.log, then tell me how many files are left in this folder.", {"tmp.log": "x", "a.txt": "1", "b.txt": "2"}, "2"),
]

# A sixth, written in session 29 and run before any change made from it (the fifth had been used
# to tune the coaching in session 28). New shapes: a CSV with negative numbers, a JSON list of
# products, a markdown checklist, a request log with sizes and status codes, contacts with mail
# addresses, .log files in subfolders, and files to copy and to move into a new folder.
WEATHER = "city,temp\noslo,-3.5\nrome,14.0\ncairo,24.5\nlima,19.0\nriga,-1.0\n"
PRODUCTS = json.dumps([{"name": "lamp", "price": 25.0}, {"name": "mug", "price": 8.5},
                       {"name": "chair", "price": 49.99}, {"name": "pen", "price": 1.2},
                       {"name": "desk", "price": 120.0}])
TODO_MD = "# Tasks\n- [x] buy milk\n- [ ] call bob\n- [x] pay rent\n- [ ] fix bike\n- [ ] read book\n"
REQUESTS = ("10.0.0.5 GET /a 200 512\n10.0.0.7 GET /b 404 128\n10.0.0.5 POST /c 201 2048\n"
            "10.0.0.9 GET /a 200 512\n10.0.0.5 GET /d 500 64\n")
CONTACTS = ("ann <ann@gmail.com>\nbob <bob@work.org>\ncid <cid@gmail.com>\ndee <dee@yahoo.com>\n"
            "eve <eve@gmail.com>\n")
LENGTHS = "short\nthis line is long\ntiny\nanother long line here\nok\nmedium size\n"
LOG_TREE = {"app.log": "a", "sub/db.log": "b", "sub/deep/x.log": "c", "notes.txt": "d"}
CSV_SIZES = {"a.csv": "1,2\n", "b.csv": "x,y,z\n", "c.txt": "hello"}

SIXTH = [
    ("What is 999 times 999? Use code.", {}, "998001"),
    ("How many seconds are in 4 days and 7 hours? Use code.", {}, "370800"),
    ("What is 18 percent of 1250? Use code.", {}, "225"),
    ("What is the product of the integers from 1 to 12? Use code.", {}, "479001600"),
    ("How many multiples of 9 are there from 1 to 1000? Use code.", {}, "111"),
    ("What is the 15th triangular number? Use code.", {}, "120"),
    ("What is 200 written in hexadecimal? Use code.", {}, "c8"),
    ("What is the mean of 12, 45, 7, 30 and 81? Use code.", {}, "35"),
    ("How many leap years are there from 2000 to 2100, both included? Use code.", {}, "25"),
    ("How many letters, not counting spaces, are in 'open source software'? Count with code.", {}, "18"),
    ("What is the sentence 'the cat sat' with its words in reverse order? Use code.", {}, "sat cat the"),
    ("How many times does the word the appear in 'the cat and the dog and the bird'? Count with code.", {}, "3"),
    ("Sort the words pear, apple, fig and kiwi alphabetically with code. Which one comes last?", {}, "pear"),
    ("What are the first 10 characters of the sha256 hex digest of the text data (no newline)? Use code.", {}, "3a6eb0790f"),
    ("What text does the base64 string aGVsbG8= decode to? Use code.", {}, "hello"),
    ("What date is 45 days before 2026-03-01? Use code and answer as YYYY-MM-DD.", {}, "2026-01-15"),
    ("How many days are there from 2026-02-14 to 2026-10-31? Use code.", {}, "259"),
    ("What day of the week is 2027-07-04? Use code.", {}, "sunday"),
    ("Which city in weather.csv was the coldest?", {"weather.csv": WEATHER}, "oslo"),
    ("What is the average temp in weather.csv, rounded to one decimal?", {"weather.csv": WEATHER}, "10.6"),
    ("How many products in products.json cost more than 20?", {"products.json": PRODUCTS}, "3"),
    ("What is the name of the most expensive product in products.json?", {"products.json": PRODUCTS}, "desk"),
    ("How many tasks in todo.md are not done yet?", {"todo.md": TODO_MD}, "3"),
    ("How many requests in requests.log came from 10.0.0.5?", {"requests.log": REQUESTS}, "3"),
    ("What is the largest response size (the last column) in requests.log?", {"requests.log": REQUESTS}, "2048"),
    ("Which status code is the most frequent in requests.log?", {"requests.log": REQUESTS}, "200"),
    ("How many contacts in contacts.txt have a gmail address?", {"contacts.txt": CONTACTS}, "3"),
    ("How many lines of lengths.txt are longer than 10 characters?", {"lengths.txt": LENGTHS}, "3"),
    ("How many .log files are in this folder and its subfolders?", LOG_TREE, "3"),
    ("What is the total size in bytes of the .csv files in this folder?", CSV_SIZES, "10"),
    ("Write the numbers 3, 9 and 12 into n.txt, one per line, then read n.txt and tell me their product.", {}, "324"),
    ("Copy a.txt to b.txt, then tell me how many files this folder has.", {"a.txt": "hi"}, "2"),
    ("Make a folder named logs and move every .log file into it, then tell me how many files are in logs.",
     {"x.log": "1", "y.log": "2", "z.txt": "3"}, "2"),
]

# A seventh, written in session 30 and run before any change made from it (the sixth had been used
# to tune the coaching in session 29). New shapes: orders with a status column, a JSON object
# holding a list of users with booleans, a .env file, a list with repeated words, a timing log
# with units glued to the numbers, images by two extensions, and files to rename.
ORDERS = ("id,customer,status,total\n1,ana,shipped,40.00\n2,ben,pending,15.50\n3,ana,shipped,22.25\n"
          "4,cho,cancelled,5.00\n5,ben,shipped,30.00\n6,cho,shipped,12.75\n")
USERS = json.dumps({"users": [{"name": "kim", "age": 31, "active": True}, {"name": "lee", "age": 24, "active": False},
                              {"name": "max", "age": 45, "active": True}, {"name": "noa", "age": 28, "active": True}]})
APP_ENV = "APP_NAME=demo\nDB_HOST=localhost\nDB_PORT=5433\nDEBUG=false\n"
COLORS = "red\nblue\nred\ngreen\nblue\nred\n"
TIMING = "GET /a 120ms\nGET /b 45ms\nPOST /c 300ms\nGET /d 99ms\nGET /e 101ms\n"
IMAGES = {"a.png": "x", "b.jpg": "x", "c.gif": "x", "d.png": "x", "e.txt": "x"}
TXT_LINES = {"a.txt": "1\n2\n3\n", "b.txt": "x\ny\n", "c.md": "1\n2\n3\n4\n"}

SEVENTH = [
    ("What is 4096 divided by 64, times 3? Use code.", {}, "192"),
    ("How many seconds are in 2 days? Use code.", {}, "172800"),
    ("What is 35 percent of 680? Use code.", {}, "238"),
    ("What is the sum of the even numbers from 2 to 200? Use code.", {}, "10100"),
    ("How many integers from 1 to 2000 are divisible by 13? Use code.", {}, "153"),
    ("What is 3 to the power of 13? Use code.", {}, "1594323"),
    ("What is 100 written in binary? Use code.", {}, "1100100"),
    ("What is the octal number 777 in decimal? Use code.", {}, "511"),
    ("What is the median of 3, 19, 8, 27, 11 and 5? Use code.", {}, "9.5"),
    ("How many prime numbers are there below 100? Use code.", {}, "25"),
    ("What is the largest prime factor of 13195? Use code.", {}, "29"),
    ("How many consonants are in the word strength? Count with code.", {}, "7"),
    ("What is the text 'Good Morning' in lowercase with the space replaced by an underscore? Use code.", {},
     "good_morning"),
    ("How many words of 'the early bird catches the worm' are longer than 4 letters? Use code.", {}, "2"),
    ("What are the last 6 characters of the md5 hex digest of the text rust (no newline)? Use code.", {}, "26e4ab"),
    ("What is the text hi as hexadecimal bytes? Use code.", {}, "6869"),
    ("What date is 1000 days after 2020-01-01? Use code and answer as YYYY-MM-DD.", {}, "2022-09-27"),
    ("How many Sundays are there in June 2026? Use code.", {}, "4"),
    ("What day of the week is 2028-02-29? Use code.", {}, "tuesday"),
    ("How many days old is someone born on 2000-01-01 on 2026-12-05? Use code.", {}, "9835"),
    ("How many orders in orders.csv have the status shipped?", {"orders.csv": ORDERS}, "4"),
    ("What is the total of the shipped orders in orders.csv?", {"orders.csv": ORDERS}, "105"),
    ("Which customer spent the most in orders.csv?", {"orders.csv": ORDERS}, "ana"),
    ("How many users in users.json are active?", {"users.json": USERS}, "3"),
    ("What is the average age of the users in users.json?", {"users.json": USERS}, "32"),
    ("What is the value of DB_PORT in app.env?", {"app.env": APP_ENV}, "5433"),
    ("How many different colors are listed in colors.txt?", {"colors.txt": COLORS}, "3"),
    ("Which color appears most often in colors.txt?", {"colors.txt": COLORS}, "red"),
    ("How many requests in timing.log took more than 100 ms?", {"timing.log": TIMING}, "3"),
    ("How many images (.png or .jpg files) are in this folder?", IMAGES, "3"),
    ("How many lines do the .txt files in this folder have together?", TXT_LINES, "5"),
    ("How many keys does app.env set?", {"app.env": APP_ENV}, "4"),
    ("Rename every .txt file in this folder to end in .md, then tell me how many .md files there are.",
     {"a.txt": "1", "b.txt": "2", "c.md": "3", "d.py": "4"}, "3"),
]

# An eighth, written in session 30 while the seventh was being tuned on, and run only with that
# session's last binary: how far the coaching carries to requests it was not built on. New
# shapes: a tab-separated table, a JSON object of counts, an INI file, a markdown file of
# bullets under headings, dated events, and files to write and to delete.
SCORES_TSV = "name\tscore\nkai\t71\nlou\t93\nmia\t88\nned\t64\n"
FRUIT_STOCK = json.dumps({"items": {"apple": 12, "pear": 0, "plum": 7, "kiwi": 0}})
CONFIG_INI = "[server]\nhost = example.org\nport = 8443\n\n[client]\nretries = 3\n"
NOTES_MD = "# Notes\n\n## Monday\n- met ana\n- fixed bug\n\n## Tuesday\n- wrote docs\n"
EVENTS_CSV = "date,kind\n2026-01-03,login\n2026-01-03,logout\n2026-01-04,login\n2026-02-01,login\n"
WORDS_TXT = "apple banana\ncherry\ndate elderberry fig\n"

EIGHTH = [
    ("What is 123 squared plus 456 squared? Use code.", {}, "223065"),
    ("How many minutes are in a leap year? Use code.", {}, "527040"),
    ("What is 2.5 percent of 18400? Use code.", {}, "460"),
    ("What is the sum of the integers from 60 to 160? Use code.", {}, "11110"),
    ("How many numbers from 1 to 300 are divisible by 4 but not by 6? Use code.", {}, "50"),
    ("What is 7 to the power of 9? Use code.", {}, "40353607"),
    ("What is 255 written in binary? Use code.", {}, "11111111"),
    ("What is the binary number 110101 in decimal? Use code.", {}, "53"),
    ("What is the range (largest minus smallest) of 14, 3, 9, 21 and 7? Use code.", {}, "18"),
    ("How many two-digit numbers have digits that add up to 9? Use code.", {}, "9"),
    ("What is the smallest number greater than 1000 that is divisible by 17? Use code.", {}, "1003"),
    ("How many vowels are in the word onomatopoeia? Count with code.", {}, "8"),
    ("What is the word Python repeated three times with dashes between? Use code.", {}, "python-python-python"),
    ("How many words of 'a quick test of the new code' have fewer than 4 letters? Use code.", {}, "4"),
    ("What are the first 8 characters of the sha1 hex digest of the text tea (no newline)? Use code.", {}, "75490f32"),
    ("What is the text ok encoded in base64? Use code.", {}, "b2s="),
    ("What date is 250 days after 2026-05-01? Use code and answer as YYYY-MM-DD.", {}, "2027-01-06"),
    ("How many Fridays are there in 2026? Use code.", {}, "52"),
    ("What day of the week was 2024-12-25? Use code.", {}, "wednesday"),
    ("How many full weeks are in 100 days? Use code.", {}, "14"),
    ("What is the highest score in scores.tsv?", {"scores.tsv": SCORES_TSV}, "93"),
    ("Who has the lowest score in scores.tsv?", {"scores.tsv": SCORES_TSV}, "ned"),
    ("How many fruits in stock.json have a count of 0?", {"stock.json": FRUIT_STOCK}, "2"),
    ("What is the total count of fruits in stock.json?", {"stock.json": FRUIT_STOCK}, "19"),
    ("What port does config.ini set for the server?", {"config.ini": CONFIG_INI}, "8443"),
    ("How many bullet points are in notes.md?", {"notes.md": NOTES_MD}, "3"),
    ("How many login events are in events.csv?", {"events.csv": EVENTS_CSV}, "3"),
    ("How many events in events.csv happened in January 2026?", {"events.csv": EVENTS_CSV}, "3"),
    ("How many words does words.txt hold in total?", {"words.txt": WORDS_TXT}, "6"),
    ("How many .py files in this folder are not empty?", {"a.py": "x = 1\n", "b.py": "", "c.js": "1", "d.py": "print(1)\n"}, "2"),
    ("Which file in this folder is the smallest?", {"report.txt": "x" * 50, "notes.txt": "x" * 5, "data.csv": "x" * 20},
     "notes.txt"),
    ("Write the word hello into greet.txt five times, one per line, then tell me how many lines greet.txt has.", {}, "5"),
    ("Delete every empty file in this folder, then tell me how many files are left.",
     {"a.txt": "", "b.txt": "x", "c.log": "", "d.md": "y"}, "2"),
]

# A ninth, written at the start of session 31 and run before any change of that session. New
# shapes: a CSV with quoted commas, nested JSON, YAML, a requirements file, an access log,
# subfolders, files to make and to copy.
PRICES_CSV = 'name,price\n"Widget, small",4.5\nGadget,10\n"Widget, large",7.25\n'
INVENTORY = json.dumps([{"product": "bolt", "stock": {"warehouse": 120, "store": 15}},
                        {"product": "nut", "stock": {"warehouse": 300, "store": 40}},
                        {"product": "gear", "stock": {"warehouse": 8, "store": 2}}])
SETTINGS_YAML = "name: demo\nversion: 3\ndatabase:\n  host: db.local\n  port: 6543\n"
REQUIREMENTS = "requests==2.31.0\nflask>=2.0\n# tools\nnumpy\n\npandas==2.1.0\n"
ACCESS_LOG = ("10.0.0.1 GET /index 200\n10.0.0.2 GET /missing 404\n10.0.0.1 POST /login 200\n"
              "10.0.0.3 GET /admin 403\n10.0.0.2 GET /index 200\n")

NINTH = [
    ("What is 17 times 23, minus 100? Use code.", {}, "291"),
    ("How many seconds are in 4 days and 7 hours? Use code.", {}, "370800"),
    ("What is 12.5 percent of 960? Use code.", {}, "120"),
    ("What is the sum of the odd numbers from 1 to 99? Use code.", {}, "2500"),
    ("How many numbers from 1 to 500 are divisible by 3 or by 5? Use code.", {}, "233"),
    ("What is 2 to the power of 20? Use code.", {}, "1048576"),
    ("What is 48879 written in hexadecimal? Use code.", {}, "beef"),
    ("What is the hexadecimal number 1F4 in decimal? Use code.", {}, "500"),
    ("What is the mean of 4, 8, 15, 16, 23 and 42? Use code.", {}, "18"),
    ("How many perfect squares are there from 1 to 1000? Use code.", {}, "31"),
    ("What is the greatest common divisor of 84 and 126? Use code.", {}, "42"),
    ("How many times does the letter s appear in mississippi? Count with code.", {}, "4"),
    ("What is the word desserts spelled backwards? Use code.", {}, "stressed"),
    ("How many characters, not counting spaces, are in 'open the door please'? Use code.", {}, "17"),
    ("What are the first 6 characters of the sha256 hex digest of the text abc (no newline)? Use code.", {}, "ba7816"),
    ("What is the sum of the ASCII codes of the letters of CAT? Use code.", {}, "216"),
    ("What date is 90 days before 2026-03-01? Use code and answer as YYYY-MM-DD.", {}, "2025-12-01"),
    ("How many Mondays are there in 2027? Use code.", {}, "52"),
    ("What day of the week was 1999-12-31? Use code.", {}, "friday"),
    ("How many days are there from 2026-02-10 to 2026-11-25? Use code.", {}, "288"),
    ("What is the total price in prices.csv?", {"prices.csv": PRICES_CSV}, "21.75"),
    ("How many items in prices.csv cost more than 5?", {"prices.csv": PRICES_CSV}, "2"),
    ("What is the total stock, warehouse plus store, of all products in inventory.json?",
     {"inventory.json": INVENTORY}, "485"),
    ("Which product in inventory.json has the least stock in the warehouse?", {"inventory.json": INVENTORY}, "gear"),
    ("What is the database port in settings.yaml?", {"settings.yaml": SETTINGS_YAML}, "6543"),
    ("How many packages does requirements.txt list?", {"requirements.txt": REQUIREMENTS}, "4"),
    ("How many packages in requirements.txt are pinned to an exact version with ==?",
     {"requirements.txt": REQUIREMENTS}, "2"),
    ("How many different IP addresses are in access.log?", {"access.log": ACCESS_LOG}, "3"),
    ("How many requests in access.log got a status of 400 or more?", {"access.log": ACCESS_LOG}, "2"),
    ("How many .rs files are in this folder and its subfolders?",
     {"src/main.rs": "fn main() {}\n", "src/lib.rs": "", "tests/it.rs": "", "README.md": "# x\n"}, "3"),
    ("Which file in this folder has the most lines?",
     {"a.txt": "1\n2\n3\n", "b.txt": "1\n2\n3\n4\n5\n6\n7\n", "c.txt": "1\n2\n3\n4\n5\n"}, "b.txt"),
    ("Write the numbers 1 to 10 into count.txt, one per line, then tell me the sum of the numbers in count.txt.",
     {}, "55"),
    ("Copy every .csv file in this folder into a new folder named backup, then tell me how many files backup holds.",
     {"a.csv": "x,y\n", "b.csv": "x\n", "c.txt": "z\n"}, "2"),
]

# A tenth, written with the ninth and kept unrun until session 31's last binary: the clean
# measure of that session. New shapes: a semicolon table, lists in JSON, setup.cfg, a markdown
# checklist, a column with gaps, timestamps, file sizes, files to move.
SALES_CSV = "product;qty;price\npen;10;1.5\nbook;2;12\nbag;1;30\n"
TEAM = json.dumps({"team": [{"name": "ana", "skills": ["py", "go"]}, {"name": "bo", "skills": ["js"]},
                            {"name": "cy", "skills": ["py", "rs", "js"]}]})
SETUP_CFG = "[metadata]\nname = tool\nversion = 1.4.2\n\n[options]\npython_requires = >=3.8\n"
TODO_MD = "- [x] buy milk\n- [ ] call bob\n- [x] pay rent\n- [ ] fix bike\n- [ ] read book\n"
TEMPS_CSV = "day,temp\nmon,12\ntue,\nwed,15\nthu,9\n"
SERVER_LOG = "09:00:00 start\n09:00:05 ready\n09:01:10 request\n09:03:00 stop\n"
APP_LOG = "Timeout on a\nok\nTIMEOUT on b\nretry after timeout\nfine\n"

TENTH = [
    ("What is 999 times 111? Use code.", {}, "110889"),
    ("How many seconds are in a week? Use code.", {}, "604800"),
    ("What is 15 percent of 2340? Use code.", {}, "351"),
    ("What is the sum of the squares of the numbers from 1 to 20? Use code.", {}, "2870"),
    ("How many numbers from 1 to 1000 contain the digit 7? Use code.", {}, "271"),
    ("What is 5 to the power of 11? Use code.", {}, "48828125"),
    ("What is 1000 written in hexadecimal? Use code.", {}, "3e8"),
    ("What is the octal number 123 in decimal? Use code.", {}, "83"),
    ("What is the average of 12, 45, 7, 30 and 56? Use code.", {}, "30"),
    ("How many divisors does 360 have? Use code.", {}, "24"),
    ("What is the least common multiple of 14 and 35? Use code.", {}, "70"),
    ("How many times does the letter a appear in 'banana bandana'? Count with code.", {}, "6"),
    ("What are the initials of 'portable network graphics', in capitals? Use code.", {}, "png"),
    ("How many different words are in 'to be or not to be that is the question'? Use code.", {}, "8"),
    ("What are the first 8 characters of the md5 hex digest of the text hello (no newline)? Use code.", {}, "5d41402a"),
    ("What is the base64 text a2l3aQ== decoded? Use code.", {}, "kiwi"),
    ("What date is 45 days after 2026-12-20? Use code and answer as YYYY-MM-DD.", {}, "2027-02-03"),
    ("How many Saturdays are there in February 2026? Use code.", {}, "4"),
    ("What day of the week was 2000-01-01? Use code.", {}, "saturday"),
    ("How many days are there from 2025-07-04 to 2026-07-04? Use code.", {}, "365"),
    ("What is the total revenue, quantity times price, in sales.csv?", {"sales.csv": SALES_CSV}, "69"),
    ("Which product in sales.csv sold the most units?", {"sales.csv": SALES_CSV}, "pen"),
    ("How many members of the team in team.json know py?", {"team.json": TEAM}, "2"),
    ("How many skills are listed in team.json in total?", {"team.json": TEAM}, "6"),
    ("What version does setup.cfg give?", {"setup.cfg": SETUP_CFG}, "1.4.2"),
    ("How many tasks in todo.md are not done yet?", {"todo.md": TODO_MD}, "3"),
    ("What is the average temperature in temps.csv, leaving out missing values?", {"temps.csv": TEMPS_CSV}, "12"),
    ("How many seconds passed between the first and the last line of server.log?", {"server.log": SERVER_LOG}, "180"),
    ("How many lines of app.log mention timeout, in any case?", {"app.log": APP_LOG}, "3"),
    ("How many .png files are in this folder, counting subfolders?",
     {"img/a.png": "x", "img/b.png": "x", "docs/c.pdf": "x", "d.png": "x"}, "3"),
    ("What is the total size in bytes of the .log files in this folder?",
     {"a.log": "x" * 120, "b.log": "x" * 80, "c.txt": "x" * 500}, "200"),
    ("Write the numbers 1 to 5 into nums.txt, one per line, then tell me the product of the numbers in nums.txt.",
     {}, "120"),
    ("Move every .jpg file in this folder into a folder named photos, then tell me how many files are left outside photos.",
     {"a.jpg": "x", "b.jpg": "x", "c.txt": "x", "d.md": "x"}, "2"),
]

# An eleventh, written at the start of session 32 before anything ran: the clean measure of
# session 31's code. New shapes: a tab-separated table, a markdown table, a dotfile (.env),
# JSON servers, a text to count words in, numbers with blanks and signs, a CSV of dated orders,
# empty files, files to rename, a script's lines of code.
EXPENSES_TSV = "date\titem\tamount\n2026-01-03\tcoffee\t4.5\n2026-01-04\tlunch\t12\n2026-01-05\tbus\t2.5\n"
TIMESHEET_MD = ("| Day | Task | Hours |\n|-----|------|-------|\n| Mon | docs | 3 |\n| Tue | code | 5 |\n"
                "| Wed | review | 2 |\n")
SERVERS = json.dumps({"servers": [{"host": "a.example", "port": 443}, {"host": "b.example", "port": 8080},
                                  {"host": "c.example", "port": 443}, {"host": "d.example", "port": 22}]})
DOT_ENV = "# local settings\nAPI_URL=http://localhost:8000\nAPI_TIMEOUT=45\nDEBUG=false\n"
CAT_STORY = "my cat sat on a mat\na dog saw the cat\nthe cat ran off\n"
SIGNED_NUMBERS = "14\n-3\n\n27\n8\n\n-40\n19\n"
GAPPY_NOTES = "first\n\nsecond\nthird\n\n\nfourth\n"
NAMES = "ana\nbo\nana\ncy\nbo\nana\ndee\n"
ORDERS_CSV = "date,customer,amount\n2026-02-27,ana,10\n2026-03-02,bo,25\n2026-03-15,cy,40\n2026-04-01,ana,7\n"
SCRIPT_PY = "# a script\nimport os\n\n# print the folder\nprint(os.getcwd())\n\nx = 1\nprint(x)\n"

ELEVENTH = [
    ("What is 123 times 456? Use code.", {}, "56088"),
    ("How many minutes are in 5 days? Use code.", {}, "7200"),
    ("What is 8 percent of 1250? Use code.", {}, "100"),
    ("What is the sum of the cubes of the numbers from 1 to 10? Use code.", {}, "3025"),
    ("How many numbers from 1 to 200 are divisible by 7? Use code.", {}, "28"),
    ("What is 3 to the power of 13? Use code.", {}, "1594323"),
    ("What is 255 written in binary? Use code.", {}, "11111111"),
    ("What is the binary number 101101 in decimal? Use code.", {}, "45"),
    ("What is the median of 7, 3, 9, 1 and 5? Use code.", {}, "5"),
    ("How many prime numbers are there below 100? Use code.", {}, "25"),
    ("What is 10 factorial? Use code.", {}, "3628800"),
    ("How many vowels are in 'programming language'? Count with code.", {}, "7"),
    ("What is the longest word in 'the quick brown fox jumped over lazy dogs'? Use code.", {}, "jumped"),
    ("What is 'one two three four' with its words in reverse order? Use code.", {}, "four three two one"),
    ("What are the first 8 characters of the sha1 hex digest of the text abc (no newline)? Use code.", {}, "a9993e36"),
    ("How many 1 bits are in the binary form of 1023? Use code.", {}, "10"),
    ("What date is 100 days after 2027-01-15? Use code and answer as YYYY-MM-DD.", {}, "2027-04-25"),
    ("How many Sundays are there in March 2026? Use code.", {}, "5"),
    ("What day of the week is 2030-06-15? Use code.", {}, "saturday"),
    ("How many days are there from 2024-02-01 to 2024-03-01? Use code.", {}, "29"),
    ("What is the total of the amount column in expenses.tsv?", {"expenses.tsv": EXPENSES_TSV}, "19"),
    ("What is the total of the Hours column in timesheet.md?", {"timesheet.md": TIMESHEET_MD}, "10"),
    ("How many servers in servers.json use port 443?", {"servers.json": SERVERS}, "2"),
    ("What is the value of API_TIMEOUT in the .env file?", {".env": DOT_ENV}, "45"),
    ("Which word appears most often in story.txt?", {"story.txt": CAT_STORY}, "cat"),
    ("What is the largest number in numbers.txt?", {"numbers.txt": SIGNED_NUMBERS}, "27"),
    ("How many empty lines are in notes.txt?", {"notes.txt": GAPPY_NOTES}, "3"),
    ("How many different names are in names.txt?", {"names.txt": NAMES}, "4"),
    ("What is the total amount of the orders placed in March in orders.csv?", {"orders.csv": ORDERS_CSV}, "65"),
    ("How many files in this folder are empty?", {"a.txt": "", "b.txt": "x\n", "c.log": "", "d.md": "# d\n"}, "2"),
    ("Rename every .txt file in this folder to end in .md instead, then tell me how many .md files there are.",
     {"a.txt": "a\n", "b.txt": "b\n", "c.md": "c\n"}, "3"),
    ("How many lines of code are in script.py, not counting blank lines and comment lines?",
     {"script.py": SCRIPT_PY}, "4"),
    ("Write the word hello into greet.txt three times, one per line, then tell me the size of greet.txt in bytes.",
     {}, "18"),
]

# A twelfth, written in session 32 after the eleventh ran and before the session's changes
# ran on anything: their clean measure. New shapes: a score column, a department to filter
# on, a JSON list to average, a nested JSON port, YAML services, an INI key in two sections,
# error codes, words of an essay, a poem's longest line, subfolders, the largest file, a CSV
# to write, files to delete.
GRADES_CSV = "name,score\nann,78\nbob,93\ncy,85\ndee,61\n"
STAFF_CSV = "name,department,salary\nann,sales,50\nbob,it,60\ncy,sales,55\ndee,hr,45\neve,sales,52\n"
PRICED_BOOKS = json.dumps([{"title": "a", "price": 12.5}, {"title": "b", "price": 7.5}, {"title": "c", "price": 10}])
NESTED_CONFIG = json.dumps({"app": {"name": "shop", "port": 8000}, "db": {"host": "localhost", "port": 5432}})
COMPOSE_YAML = ("services:\n  web:\n    image: nginx\n    ports:\n      - \"80:80\"\n  db:\n    image: postgres\n"
                "  cache:\n    image: redis\nvolumes:\n  data: {}\n")
APP_INI = "[server]\ntimeout = 30\nhost = 0.0.0.0\n\n[network]\ntimeout = 12\nretries = 3\n"
ERRORS_LOG = "E101 disk full\nE205 no network\nE101 disk full\nE330 bad config\nE205 no network\n"
ESSAY = "Small models can do a lot.\nThey need a good harness,\nand clear words.\n"
SHORT_POEM = "roses are red\nviolets are blue\nsugar is sweet and so are you\nthe end\n"

TWELFTH = [
    ("What is 2468 divided by 4? Use code.", {}, "617"),
    ("How many hours are in 9 days? Use code.", {}, "216"),
    ("What is 35 percent of 180? Use code.", {}, "63"),
    ("What is the sum of the even numbers from 2 to 100? Use code.", {}, "2550"),
    ("How many numbers from 1 to 300 are divisible by both 4 and 6? Use code.", {}, "25"),
    ("What is 7 to the power of 8? Use code.", {}, "5764801"),
    ("What is 4095 written in hexadecimal? Use code.", {}, "fff"),
    ("What is the hexadecimal number FF in decimal? Use code.", {}, "255"),
    ("What is the range, the largest minus the smallest, of 14, 3, 27, 8 and 19? Use code.", {}, "24"),
    ("What is the 15th Fibonacci number, with F1 = 1 and F2 = 1? Use code.", {}, "610"),
    ("How many digits does 2 to the power of 100 have? Use code.", {}, "31"),
    ("How many times does the letter e appear in 'nevertheless'? Count with code.", {}, "4"),
    ("How many words in 'apple banana cherry date elderberry fig' have more than 5 letters? Use code.", {}, "3"),
    ("How many letters are in the word 'encyclopedia'? Use code.", {}, "12"),
    ("What are the first 10 characters of the sha256 hex digest of the text hello (no newline)? Use code.", {},
     "2cf24dba5f"),
    ("What is the text ok encoded in base64? Use code.", {}, "b2s="),
    ("What date is 200 days before 2027-06-01? Use code and answer as YYYY-MM-DD.", {}, "2026-11-13"),
    ("How many Fridays are there in 2026? Use code.", {}, "52"),
    ("What day of the week was 1969-07-20? Use code.", {}, "sunday"),
    ("How many days are in the year 2100? Use code.", {}, "365"),
    ("What is the highest score in grades.csv?", {"grades.csv": GRADES_CSV}, "93"),
    ("How many people in staff.csv work in sales?", {"staff.csv": STAFF_CSV}, "3"),
    ("What is the average price of the books in books.json?", {"books.json": PRICED_BOOKS}, "10"),
    ("What port does config.json give for the database?", {"config.json": NESTED_CONFIG}, "5432"),
    ("How many services does compose.yaml define?", {"compose.yaml": COMPOSE_YAML}, "3"),
    ("What is the timeout in the network section of app.ini?", {"app.ini": APP_INI}, "12"),
    ("How many different error codes appear in errors.log?", {"errors.log": ERRORS_LOG}, "3"),
    ("How many words are in essay.txt?", {"essay.txt": ESSAY}, "14"),
    ("How many characters are in the longest line of poem.txt?", {"poem.txt": SHORT_POEM}, "29"),
    ("How many subfolders does this folder have?",
     {"a/x.txt": "x", "b/y.txt": "y", "c/z.txt": "z", "top.txt": "t"}, "3"),
    ("What is the name of the largest file in this folder?",
     {"small.txt": "x" * 10, "big.txt": "x" * 900, "mid.txt": "x" * 300}, "big.txt"),
    ("Create a file named out.csv with the header name,age and the rows ann,30 and bob,25, then tell me the "
     "total of the age column in out.csv.", {}, "55"),
    ("Delete every .tmp file in this folder, then tell me how many files are left.",
     {"a.tmp": "x", "b.tmp": "x", "c.txt": "x", "d.log": "x"}, "2"),
]

# A thirteenth, written in session 33 and run with session 32's code before any change: the
# session's clean measure. Shapes met before come back with new words and data (revenue from
# two columns, an access log's statuses and addresses, checkboxes); new ones: the city of the
# largest population, items out of stock in a JSON object, active users, a TOML version,
# lines that mention a word in any case, decimal numbers with a blank line, files in
# subfolders, the size of some files, a line to append; and twenty arithmetic, text and date
# requests (octal, gcd and lcm, consonants, md5, base64 decoding, Saturdays of a month…).
REVENUE_CSV = "product,qty,unit_price\npen,10,1.5\nbook,3,12\nbag,2,20\n"
CITIES_CSV = "city,population\nOslo,709000\nLima,10000000\nBergen,286000\nQuito,2800000\n"
STOCK_JSON = json.dumps({"apple": 5, "pear": 0, "fig": 0, "kiwi": 12, "plum": 0})
USERS_JSON = json.dumps([{"name": "ann", "active": True}, {"name": "bob", "active": False},
                         {"name": "cy", "active": True}, {"name": "dee", "active": True},
                         {"name": "eve", "active": False}])
PYPROJECT = '[project]\nname = "tool"\nversion = "1.4.2"\n\n[tool.black]\nline-length = 88\n'
HTTP_LOG = "".join(
    f'{ip} - - [05/Dec/2026:10:00:{i:02d} +0000] "GET {path} HTTP/1.1" {status} 512\n'
    for i, (ip, path, status) in enumerate([
        ("10.0.0.1", "/", 200), ("10.0.0.2", "/missing", 404), ("10.0.0.1", "/about", 200),
        ("10.0.0.3", "/api", 500), ("10.0.0.2", "/old", 404), ("10.0.0.4", "/gone", 404),
        ("10.0.0.1", "/home", 301),
    ])
)
DONE_TODO_MD = "# Todo\n- [x] buy milk\n- [ ] write report\n- [x] call bob\n- [x] fix bike\n- [ ] read book\n"
APP_TXT = "Error: disk\nok\nERROR net\nwarning: slow\nan error again\nfine\n"
DECIMALS = "1.5\n2.25\n\n3.25\n"

THIRTEENTH = [
    ("What is 987 + 654 * 3? Use code.", {}, "2949"),
    ("How many seconds are in 3 hours? Use code.", {}, "10800"),
    ("What is 12.5 percent of 640? Use code.", {}, "80"),
    ("What is the sum of the squares of the numbers from 1 to 20? Use code.", {}, "2870"),
    ("How many numbers from 1 to 500 are multiples of 9? Use code.", {}, "55"),
    ("What is 2 to the power of 20? Use code.", {}, "1048576"),
    ("What is 100 written in octal? Use code.", {}, "144"),
    ("What is the binary number 11110000 in decimal? Use code.", {}, "240"),
    ("What is the average of 12, 18, 25 and 45? Use code.", {}, "25"),
    ("What is the greatest common divisor of 84 and 126? Use code.", {}, "42"),
    ("What is the least common multiple of 12 and 18? Use code.", {}, "36"),
    ("How many consonants are in the word 'strength'? Count with code.", {}, "7"),
    ("How many words are in 'to be or not to be that is the question'? Use code.", {}, "10"),
    ("What is the sum of the digits of 98765? Use code.", {}, "35"),
    ("What are the first 8 characters of the md5 hex digest of the text hello (no newline)? Use code.", {},
     "5d41402a"),
    ("What is the base64 text bGVtb24= decoded? Use code.", {}, "lemon"),
    ("What date is 45 days after 2026-12-20? Use code and answer as YYYY-MM-DD.", {}, "2027-02-03"),
    ("How many Saturdays are there in May 2027? Use code.", {}, "5"),
    ("What day of the week is 2026-12-25? Use code.", {}, "friday"),
    ("How many days are there from 2026-07-04 to 2026-12-25? Use code.", {}, "174"),
    ("What is the total revenue, quantity times unit price, in sales.csv?", {"sales.csv": REVENUE_CSV}, "91"),
    ("Which city in cities.csv has the largest population?", {"cities.csv": CITIES_CSV}, "lima"),
    ("How many items in inventory.json are out of stock (quantity 0)?", {"inventory.json": STOCK_JSON}, "3"),
    ("How many users in users.json are active?", {"users.json": USERS_JSON}, "3"),
    ("What version does pyproject.toml give for the project?", {"pyproject.toml": PYPROJECT}, "1.4.2"),
    ("How many requests in access.log returned status 404?", {"access.log": HTTP_LOG}, "3"),
    ("How many different IP addresses appear in access.log?", {"access.log": HTTP_LOG}, "4"),
    ("How many tasks in todo.md are done?", {"todo.md": DONE_TODO_MD}, "3"),
    ("How many lines in app.txt mention error, in any case?", {"app.txt": APP_TXT}, "3"),
    ("What is the sum of the numbers in values.txt?", {"values.txt": DECIMALS}, "7"),
    ("How many .py files are in this folder and its subfolders?",
     {"a.py": "x = 1\n", "src/b.py": "y = 2\n", "src/util/c.py": "z = 3\n", "README.md": "# r\n",
      "src/d.txt": "d\n"}, "3"),
    ("What is the total size in bytes of the .log files in this folder?",
     {"a.log": "x" * 120, "b.log": "x" * 80, "c.txt": "x" * 500}, "200"),
    ("Append the line done to tasks.txt, then tell me how many lines tasks.txt has.",
     {"tasks.txt": "wash\ncook\nclean\n"}, "4"),
]

# A fourteenth, written in session 33 after the thirteenth's changes were made and before
# they ran on it: the clean measure of the session's last code. New shapes: an average of
# one of two score columns, a semicolon table's total, people of a city in JSON, a YAML
# port, an INI section's user, log lines of one date, words by their first letter, markdown
# headings, .csv files in a subfolder, lines of all .txt files, numbers written then summed,
# a file copied then measured, email domains.
TWO_SCORES_CSV = "name,math,art\nann,90,70\nbob,60,95\ncy,75,80\n"
COUNTS_CSV = "item;count\napple;4\npear;0\nfig;7\n"
CITY_PEOPLE = json.dumps([{"name": "ann", "city": "Oslo"}, {"name": "bob", "city": "Lima"},
                          {"name": "cy", "city": "Oslo"}, {"name": "dee", "city": "Rome"}])
SETTINGS_YAML = "app:\n  name: shop\n  debug: true\nserver:\n  port: 9090\n  host: 0.0.0.0\n"
DB_INI = "[server]\nuser = www\nport = 80\n\n[database]\nuser = admin\nport = 5432\n"
DATED_LOG = ("2026-12-01 10:00:00 start\n2026-12-01 11:30:00 sync\n2026-12-02 09:15:00 sync\n"
             "2026-12-02 18:45:00 backup\n2026-12-02 23:59:00 stop\n2026-12-03 08:00:00 start\n")
B_WORDS = "apple\nbanana\nblueberry\ncherry\nbean\navocado\n"
HEADED_NOTES = "# Notes\nsome text\n## Monday\nwork\n## Tuesday\nrest\n"
CONTACTS = "ann@a.com\nbob@b.org\ncy@a.com\n"

FOURTEENTH = [
    ("What is 4321 minus 1234? Use code.", {}, "3087"),
    ("How many minutes are in 12 hours? Use code.", {}, "720"),
    ("What is 7.5 percent of 2000? Use code.", {}, "150"),
    ("What is the sum of all odd numbers from 1 to 99? Use code.", {}, "2500"),
    ("How many numbers from 1 to 1000 are divisible by 13? Use code.", {}, "76"),
    ("What is 6 to the power of 7? Use code.", {}, "279936"),
    ("What is 500 written in binary? Use code.", {}, "111110100"),
    ("What is the octal number 755 in decimal? Use code.", {}, "493"),
    ("What is the average of 3.5, 4.5 and 7? Use code.", {}, "5"),
    ("What is the square root of 2025? Use code.", {}, "45"),
    ("What is 12 factorial divided by 10 factorial? Use code.", {}, "132"),
    ("How many uppercase letters are in 'Open Interpreter Runs Code'? Count with code.", {}, "4"),
    ("What is the word 'drawer' reversed? Use code.", {}, "reward"),
    ("How many times does the letter s appear in 'mississippi'? Count with code.", {}, "4"),
    ("What are the first 6 characters of the sha1 hex digest of the text hello (no newline)? Use code.", {},
     "aaf4c6"),
    ("What is the number 48879 in hexadecimal? Use code.", {}, "beef"),
    ("What date is 90 days after 2026-03-15? Use code and answer as YYYY-MM-DD.", {}, "2026-06-13"),
    ("How many Tuesdays are there in 2027? Use code.", {}, "52"),
    ("What day of the week was 2011-11-11? Use code.", {}, "friday"),
    ("How many days are there in February 2028? Use code.", {}, "29"),
    ("What is the average math score in scores.csv?", {"scores.csv": TWO_SCORES_CSV}, "75"),
    ("What is the total count in inventory.csv?", {"inventory.csv": COUNTS_CSV}, "11"),
    ("How many people in people.json live in Oslo?", {"people.json": CITY_PEOPLE}, "2"),
    ("What port does settings.yaml set for the server?", {"settings.yaml": SETTINGS_YAML}, "9090"),
    ("What user does the database section of config.ini set?", {"config.ini": DB_INI}, "admin"),
    ("How many lines of server.log are from 2026-12-02?", {"server.log": DATED_LOG}, "3"),
    ("How many words in words.txt start with the letter b?", {"words.txt": B_WORDS}, "3"),
    ("How many headings does notes.md have?", {"notes.md": HEADED_NOTES}, "3"),
    ("How many .csv files are in the data folder?",
     {"data/a.csv": "x\n", "data/b.csv": "y\n", "data/c.txt": "z\n", "top.csv": "t\n"}, "2"),
    ("What is the total number of lines in all .txt files in this folder?",
     {"a.txt": "1\n2\n", "b.txt": "x\ny\nz\n", "c.md": "q\n"}, "5"),
    ("Write the numbers 1 to 10 into nums.txt, one per line, then tell me the sum of the numbers in nums.txt.",
     {}, "55"),
    ("Copy notes.txt to backup.txt, then tell me the size of backup.txt in bytes.",
     {"notes.txt": "backup me\n"}, "10"),
    ("How many different email domains are in contacts.txt?", {"contacts.txt": CONTACTS}, "2"),
]

# A fifteenth, written in session 34 before any change: the clean measure of session 33's
# last code. New shapes: the highest of negative and decimal temperatures, the paid rows'
# amounts, orders above a threshold in JSON, a nested JSON key, the youngest in a CSV,
# warning lines, the most frequent word, long lines, files in a folder's subfolders, the
# smallest file, words written then counted, a file renamed then read, rows with an empty field.
WEATHER_TEMPS = "date,temp\n2026-12-01,-3.5\n2026-12-02,4.0\n2026-12-03,7.5\n2026-12-04,2.0\n"
INVOICES_CSV = "id,amount,status\n1,120,paid\n2,80,unpaid\n3,45,paid\n4,60,unpaid\n5,35,paid\n"
ORDERS_JSON = json.dumps([{"id": 1, "total": 20.5}, {"id": 2, "total": 75}, {"id": 3, "total": 50},
                          {"id": 4, "total": 120.25}, {"id": 5, "total": 51}])
NET_JSON = json.dumps({"network": {"timeout": 30, "retries": 4}, "debug": False})
AGES_CSV = "name,age\nann,34\nbob,19\ncy,27\n"
LEVEL_LOG = ("2026-12-01 [INFO] start\n2026-12-01 [WARN] disk at 80%\n2026-12-01 [ERROR] net down\n"
             "2026-12-02 [WARN] slow reply\n2026-12-02 [INFO] sync\n2026-12-02 [WARN] retry\n")
FRUIT_WORDS = "apple pear apple\nfig apple pear\n"
TODO_TXT = "buy milk\nwrite the report\ncall bob\nfix the garden gate\nread\n"
EMAILS_CSV = "name,email\nann,ann@x.com\nbob,\ncy,cy@y.org\ndee,\neve,\n"

FIFTEENTH = [
    ("What is 2468 divided by 4? Use code.", {}, "617"),
    ("How many seconds are in 4 days and 7 hours? Use code.", {}, "370800"),
    ("What is 35 percent of 1200? Use code.", {}, "420"),
    ("What is the product of the numbers from 1 to 7? Use code.", {}, "5040"),
    ("How many even numbers are there from 1 to 375? Use code.", {}, "187"),
    ("What is 3 to the power of 9? Use code.", {}, "19683"),
    ("What is 3054 written in hexadecimal? Use code.", {}, "bee"),
    ("What is the binary number 101101 in decimal? Use code.", {}, "45"),
    ("What is the average of 10, 20, 30, 40 and 55? Use code.", {}, "31"),
    ("What is 17 squared minus 13 squared? Use code.", {}, "120"),
    ("What is the remainder when 2026 is divided by 37? Use code.", {}, "28"),
    ("How many distinct letters are in 'bookkeeper'? Count with code.", {}, "6"),
    ("How many letters are in 'internationalization'? Count with code.", {}, "20"),
    ("What is the sum of the numbers from 1 to 100 that are divisible by 3 or 5? Use code.", {}, "2418"),
    ("What are the first 8 characters of the sha256 hex digest of the text cat (no newline)? Use code.", {},
     "77af778b"),
    ("What is the text 'hi there' encoded in base64? Use code.", {}, "aGkgdGhlcmU="),
    ("What date is 100 days after 2027-01-01? Use code and answer as YYYY-MM-DD.", {}, "2027-04-11"),
    ("How many Sundays are there in March 2027? Use code.", {}, "4"),
    ("What day of the week will 2030-01-01 be? Use code.", {}, "tuesday"),
    ("How many days are there from 2027-02-10 to 2027-03-10? Use code.", {}, "28"),
    ("What is the highest temperature in weather.csv?", {"weather.csv": WEATHER_TEMPS}, "7.5"),
    ("What is the total amount of the paid invoices in invoices.csv?", {"invoices.csv": INVOICES_CSV}, "200"),
    ("How many orders in orders.json have a total above 50?", {"orders.json": ORDERS_JSON}, "3"),
    ("What is the retries value in config.json?", {"config.json": NET_JSON}, "4"),
    ("What is the name of the youngest person in people.csv?", {"people.csv": AGES_CSV}, "bob"),
    ("How many lines in app.log are warnings?", {"app.log": LEVEL_LOG}, "3"),
    ("Which word appears most often in fruits.txt?", {"fruits.txt": FRUIT_WORDS}, "apple"),
    ("How many lines of todo.txt are longer than 10 characters?", {"todo.txt": TODO_TXT}, "2"),
    ("How many files are in the docs folder, counting its subfolders?",
     {"docs/a.md": "a\n", "docs/b.md": "b\n", "docs/img/c.png": "c\n", "other.txt": "o\n"}, "3"),
    ("Which .txt file in this folder is the smallest?",
     {"a.txt": "x" * 50, "b.txt": "x" * 5, "c.txt": "x" * 20, "d.md": "x"}, "b.txt"),
    ("Write the words red, green and blue into colors.txt, one per line, then tell me how many lines "
     "colors.txt has.", {}, "3"),
    ("Rename draft.txt to final.txt, then tell me the first line of final.txt.",
     {"draft.txt": "version two\nmore text\n"}, "version two"),
    ("How many rows of people.csv have no email?", {"people.csv": EMAILS_CSV}, "3"),
]

# A sixteenth, written in session 34 after the fifteenth's changes were made and before they
# ran on it: the clean measure of that code. New shapes: the lowest price, one category's
# total, tasks not done in JSON, a key of a .conf file, the highest of a JSON mapping, lines
# with two words, unique words in any case, lines that start with a number, empty files, the
# size of a folder's files, numbers written then averaged, a file copied into a folder.
PRICES_CSV = "name,price\npen,1.25\nbook,12.00\nmug,4.50\ncable,0.99\nlamp,23.10\n"
CATEGORY_CSV = ("date,category,amount\n2026-11-01,food,12.50\n2026-11-02,rent,800\n2026-11-03,food,7.25\n"
                "2026-11-04,fun,20\n2026-11-05,food,10.25\n")
DONE_TASKS_JSON = json.dumps([{"title": "a", "done": True}, {"title": "b", "done": False},
                              {"title": "c", "done": False}, {"title": "d", "done": True},
                              {"title": "e", "done": False}])
DB_CONF = "# database settings\nhost = localhost\nmax_connections = 120\ntimeout = 30\n"
SCORE_MAP_JSON = json.dumps({"ann": 81, "bob": 95, "cy": 77})
METHOD_LOG = ("10.0.0.1 GET /index 200\n10.0.0.2 POST /login 200\n10.0.0.1 GET /missing 404\n"
              "10.0.0.3 GET /about 200\n10.0.0.2 GET /api 500\n10.0.0.4 POST /old 404\n")
CASE_TEXT = "The cat saw the dog\nthe Dog saw a CAT\n"
NUMBERED_NOTES = "1 apples\nbuy milk\n2 pears\n10 figs\nend\n"
QUANTITY_CSV = "item,quantity\npen,3\nbook,8\nmug,5\ncable,12\nlamp,6\n"

SIXTEENTH = [
    ("What is 7777 minus 3888? Use code.", {}, "3889"),
    ("How many seconds are in a week? Use code.", {}, "604800"),
    ("What is 15 percent of 80, plus 8? Use code.", {}, "20"),
    ("What is the product of 6, 13 and 17, minus 250? Use code.", {}, "1076"),
    ("How many multiples of 7 are there between 1 and 300? Use code.", {}, "42"),
    ("What is 11 to the power of 5? Use code.", {}, "161051"),
    ("What is 77 written in binary? Use code.", {}, "1001101"),
    ("What is the hexadecimal number 3E8 in decimal? Use code.", {}, "1000"),
    ("What is the average of 2.5, 3.5, 6 and 8? Use code.", {}, "5"),
    ("What is the cube root of 2197? Use code.", {}, "13"),
    ("What is 9 factorial? Use code.", {}, "362880"),
    ("How many times does the word 'the' appear in 'the cat and the hat and the bat'? Count with code.", {}, "3"),
    ("How many characters long is the text 'open source'? Count with code.", {}, "11"),
    ("How many times does 'ab' appear in 'abcabcabab'? Count with code.", {}, "4"),
    # Was "…of the text hello, in decimal?": the 1.5B model took the comma for the text's own
    # (`"hello,"`), a fair reading; reworded after its first run.
    ("What is the crc32 of the text hello (no newline), as a decimal number? Use code.", {}, "907060870"),
    ("What is the base64 text Y29mZmVl decoded? Use code.", {}, "coffee"),
    ("What date is 60 days after 2027-11-15? Use code and answer as YYYY-MM-DD.", {}, "2028-01-14"),
    ("How many Fridays are there in 2028? Use code.", {}, "52"),
    ("What day of the week was 1999-12-31? Use code.", {}, "friday"),
    ("How many days are there in the year 2100? Use code.", {}, "365"),
    ("What is the lowest price in products.csv?", {"products.csv": PRICES_CSV}, "0.99"),
    ("What is the total amount spent on food in expenses.csv?", {"expenses.csv": CATEGORY_CSV}, "30"),
    ("How many tasks in tasks.json are not done?", {"tasks.json": DONE_TASKS_JSON}, "3"),
    ("What is the value of max_connections in db.conf?", {"db.conf": DB_CONF}, "120"),
    ("Who has the highest score in scores.json?", {"scores.json": SCORE_MAP_JSON}, "bob"),
    ("How many lines in server.log are GET requests with status 200?", {"server.log": METHOD_LOG}, "2"),
    ("How many unique words are in text.txt, ignoring case?", {"text.txt": CASE_TEXT}, "5"),
    ("How many lines of notes.txt start with a number?", {"notes.txt": NUMBERED_NOTES}, "3"),
    ("How many empty files are in this folder?",
     {"a.txt": "", "b.txt": "x", "c.log": "", "d.md": "text"}, "2"),
    ("What is the total size in bytes of the files in the logs folder?",
     {"logs/a.log": "x" * 100, "logs/b.log": "x" * 50, "logs/c.txt": "x" * 30, "top.txt": "x" * 500}, "180"),
    ("Write the numbers 5, 10 and 15 into data.txt, one per line, then tell me the average of the numbers "
     "in data.txt.", {}, "10"),
    ("Copy report.txt into the archive folder, then tell me how many files the archive folder has.",
     {"report.txt": "q3 numbers\n", "archive/old.txt": "old\n"}, "2"),
    ("How many rows in sales.csv have a quantity greater than 5?", {"sales.csv": QUANTITY_CSV}, "3"),
]

# A seventeenth, written in session 34 after the sixteenth's changes were made and before they
# ran on it: the clean measure of the session's last code. New shapes: an average price, the
# lowest stock, users over an age in JSON, a YAML key under another, top-level keys of JSON,
# lines with a word, the longest line, long words, .txt files over a size, the folder with the
# most files, lines written then the last one read, a file deleted then the rest counted, a
# column summed.
MENU_CSV = "item,price\ntea,2.50\ncake,4.00\nsoup,6.25\nbread,3.25\n"
STOCK_CSV = "name,stock\nbolts,140\nnuts,35\nscrews,62\nwashers,88\n"
AGED_USERS = json.dumps([{"name": "ann", "age": 28}, {"name": "bob", "age": 41},
                         {"name": "cy", "age": 35}, {"name": "dee", "age": 30}])
DB_YAML = "app:\n  debug: false\ndatabase:\n  name: shopdb\n  port: 5432\n"
TOP_KEYS_JSON = json.dumps({"name": "demo", "version": 2, "features": {"a": True, "b": False},
                            "owners": ["ann", "bob"]})
TIMEOUT_LOG = "connect ok\nread timeout on db\nwrite ok\ntimeout again\nclosed\n"
LONG_POEM = "the sun is up\nand all the birds are singing loud\nthe day is new\n"
LONG_WORDS = "Programming languages evolve quickly while fundamentals remain\n"
XY_CSV = "x,y\n1,10\n2,20\n3,35\n"

SEVENTEENTH = [
    ("What is 123 times 45? Use code.", {}, "5535"),
    ("How many minutes are in a week? Use code.", {}, "10080"),
    ("What is 40 percent of 250, minus 15? Use code.", {}, "85"),
    ("What is the sum of the even numbers from 1 to 50? Use code.", {}, "650"),
    ("How many numbers from 1 to 200 are divisible by both 4 and 6? Use code.", {}, "16"),
    ("What is 5 to the power of 8? Use code.", {}, "390625"),
    ("What is 1000 written in base 5? Use code.", {}, "13000"),
    ("What is the binary number 1111111 in decimal? Use code.", {}, "127"),
    ("What is the median of 12, 4, 19, 7, 15 and 3? Use code.", {}, "9.5"),
    ("What is the square root of 3, rounded to 4 decimal places? Use code.", {}, "1.7321"),
    ("What is the greatest common divisor of 462 and 1071? Use code.", {}, "21"),
    ("How many vowels are in 'the quick brown fox'? Count with code.", {}, "5"),
    ("What is the word 'stop' reversed? Use code.", {}, "pots"),
    ("How many words in 'one two three four five six' have more than three letters? Use code.", {}, "3"),
    ("What are the first 8 characters of the md5 hex digest of the text abc (no newline)? Use code.", {},
     "90015098"),
    ("What is the text 'bye' encoded in base64? Use code.", {}, "Ynll"),
    ("What date is 30 days before 2027-03-10? Use code and answer as YYYY-MM-DD.", {}, "2027-02-08"),
    ("How many Wednesdays are there in February 2027? Use code.", {}, "4"),
    ("What day of the week is 2027-07-04? Use code.", {}, "sunday"),
    ("How many days are there from 2027-01-01 to 2027-04-02? Use code.", {}, "91"),
    ("What is the average price in menu.csv?", {"menu.csv": MENU_CSV}, "4"),
    ("Which item in stock.csv has the lowest stock?", {"stock.csv": STOCK_CSV}, "nuts"),
    ("How many users in users.json are older than 30?", {"users.json": AGED_USERS}, "2"),
    ("What is the name of the database in config.yaml?", {"config.yaml": DB_YAML}, "shopdb"),
    ("How many keys does settings.json have at its top level?", {"settings.json": TOP_KEYS_JSON}, "4"),
    ("How many lines in errors.log mention timeout?", {"errors.log": TIMEOUT_LOG}, "2"),
    ("What is the longest line in poem.txt?", {"poem.txt": LONG_POEM}, "and all the birds are singing loud"),
    ("How many words in essay.txt have more than 6 letters?", {"essay.txt": LONG_WORDS}, "4"),
    ("How many .txt files in this folder are larger than 100 bytes?",
     {"a.txt": "x" * 150, "b.txt": "x" * 90, "c.txt": "x" * 101, "d.md": "x" * 500}, "2"),
    ("Which subfolder of this folder has the most files?",
     {"docs/a.md": "a", "docs/b.md": "b", "img/c.png": "c", "img/d.png": "d", "img/e.png": "e", "x.txt": "x"},
     "img"),
    ("Write the lines alpha, beta and gamma into greek.txt, one per line, then tell me the last line of "
     "greek.txt.", {}, "gamma"),
    ("Delete old.log, then tell me how many .log files are left in this folder.",
     {"a.log": "a\n", "old.log": "o\n", "b.log": "b\n", "c.txt": "c\n"}, "2"),
    ("What is the sum of the y column in data.csv?", {"data.csv": XY_CSV}, "65"),
]

# An eighteenth, written in session 35 before any change of that session: the clean measure of
# session 34's last code. New shapes: a product under a price, a quantity column summed, members
# of one role in JSON, a key of an INI section, a nested list's length, distinct paths in a log,
# the shortest word, lines ending with a question mark, files under a folder, the .log file with the
# most lines, a folder made with a file in it, a word replaced then counted, one city's highest temperature;
# and twenty others none of the earlier sets asked (checked against them for near-repeats).
PRODUCT_PRICES = "product,price\nlamp,24.99\ndesk,149.00\nchair,89.50\nshelf,120.00\n"
ORDER_QTY_CSV = "order,qty\nA1,3\nA2,11\nA3,6\nA4,9\n"
ROLE_TEAM = json.dumps({"members": [{"name": "ivy", "role": "admin"}, {"name": "jon", "role": "dev"},
                                     {"name": "kim", "role": "admin"}, {"name": "lee", "role": "viewer"},
                                     {"name": "max", "role": "admin"}]})
SERVER_INI = "[client]\nport = 7000\ntimeout = 5\n\n[server]\nhost = 0.0.0.0\nport = 8443\n"
PLUGINS_JSON = json.dumps({"name": "editor", "settings": {"plugins": ["git", "lint", "format", "spell", "ai"],
                                                          "theme": "dark"}})
STATUS_LOG = ("GET /a 200\nGET /b 404\nPOST /c 500\nGET /d 404\nGET /e 200\nGET /404-page 200\n"
              "GET /f 404\n")
SHORT_WORDS = "elephant\nbadger\ngiraffe\nemu\nzebra\n"
QUESTION_NOTES = "is it done?\nyes it is\nwho did it?\nthe team\nwhen?\n"
CITY_TEMPS = "city,temp\nOslo,12\nRome,28\nOslo,17\nRome,31\nOslo,9\n"

EIGHTEENTH = [
    ("What is (987 - 123) times 4? Use code.", {}, "3456"),
    ("How many seconds are in 4 days and 7 hours? Use code.", {}, "370800"),
    ("What is 12.5 percent of 96? Use code.", {}, "12"),
    ("What is the product of 6, 13 and 17, minus 250? Use code.", {}, "1076"),
    ("How many prime numbers are there between 100 and 150? Use code.", {}, "10"),
    ("What is 7 cubed plus 3 squared? Use code.", {}, "352"),
    ("What is 2026 in Roman numerals? Use code.", {}, "mmxxvi"),
    ("What is the hexadecimal number a0 in decimal? Use code.", {}, "160"),
    ("What is the average of 7, 13, 22 and 30? Use code.", {}, "18"),
    ("What is 17 divided by 6, rounded to 2 decimal places? Use code.", {}, "2.83"),
    ("What is the least common multiple of 8, 14 and 20? Use code.", {}, "280"),
    ("How many times does the letter e appear in 'cheese and peppers'? Use code.", {}, "5"),
    ("What are the words of 'pear apple fig' in alphabetical order? Use code.", {}, "apple fig pear"),
    ("How many words in 'a bb ccc dddd eeeee' have an odd number of letters? Use code.", {}, "3"),
    ("What are the first 8 characters of the sha256 hex digest of the text hi (no newline)? Use code.", {},
     "8f434346"),
    ("What is the ROT13 of the word 'world'? Use code.", {}, "jbeyq"),
    ("What date is 45 days after 2027-11-20? Use code and answer as YYYY-MM-DD.", {}, "2028-01-04"),
    ("How many Fridays fall on the 13th of a month in 2026? Use code.", {}, "3"),
    ("What day of the week is 2031-12-25? Use code.", {}, "thursday"),
    ("How many days are there from 2026-12-25 to 2027-06-30? Use code.", {}, "187"),
    ("Which product in products.csv costs less than 30?", {"products.csv": PRODUCT_PRICES}, "lamp"),
    ("What is the total quantity in orders.csv?", {"orders.csv": ORDER_QTY_CSV}, "29"),
    ("How many people in team.json have the role admin?", {"team.json": ROLE_TEAM}, "3"),
    ("Which port does the server section of server.ini set?", {"server.ini": SERVER_INI}, "8443"),
    ("How many plugins are listed in app.json?", {"app.json": PLUGINS_JSON}, "5"),
    ("How many different paths were requested in access.log?", {"access.log": STATUS_LOG}, "7"),
    ("What is the shortest word in words.txt?", {"words.txt": SHORT_WORDS}, "emu"),
    ("How many lines in notes.txt end with a question mark?", {"notes.txt": QUESTION_NOTES}, "3"),
    ("How many files in total are in the src folder, including its subfolders?",
     {"src/main.py": "x", "src/lib/util.py": "x", "src/lib/io.py": "x", "src/lib/deep/x.json": "{}",
      "README.md": "x", "tests/test_a.py": "x"}, "4"),
    ("Which .log file in this folder has the most lines?",
     {"app.log": "a\nb\n", "db.log": "a\nb\nc\nd\n", "web.log": "a\nb\nc\n", "notes.txt": "1\n2\n3\n4\n5\n6\n"},
     "db.log"),
    ("Create a folder named build with an empty file out.txt in it, then tell me how many files the build "
     "folder has.", {}, "1"),
    ("Replace the word cat with dog in pets.txt, then tell me how many times dog appears in pets.txt.",
     {"pets.txt": "cat and dog\nmy cat sleeps\n"}, "3"),
    ("What is the highest temperature for Oslo in temps.csv?", {"temps.csv": CITY_TEMPS}, "17"),
]

# A nineteenth, written in session 35 after the eighteenth's changes were made and before they
# ran on it: the clean measure of the session's code. New shapes: the month of the highest
# revenue, rows in an age range, a value looked up by another key in JSON, the keys of a nested
# section, a version in package.json, lines of two levels, the third line, capitalised words,
# files by a name prefix, the most common extension, two files written then measured, five files
# written then counted, one class's average score; and twenty others.
MONTH_REVENUE = "month,revenue\njan,1200\nfeb,950\nmar,1430\napr,1100\n"
AGED_PEOPLE = "name,age\nann,19\nbo,24\ncy,30\ndi,31\ned,27\n"
MAILED_USERS = json.dumps([{"name": "amy", "email": "amy@x.org"}, {"name": "bob", "email": "bob@y.net"},
                           {"name": "cat", "email": "cat@z.com"}])
SECTIONED_JSON = json.dumps({"app": {"name": "shop"}, "database": {"host": "db", "port": 5432, "user": "admin"},
                             "debug": False})
PACKAGE_JSON = json.dumps({"name": "widget", "version": "1.4.2", "private": True})
LEVELED_LOG = "INFO boot\nWARN low disk\nERROR crash\nINFO ok\nWARN slow\nDEBUG x\n"
SHORT_VERSE = "the moon rose\nover quiet hills\nsilver and slow\nthe night went on\n"
CAPITAL_STORY = "Anna met Ben in Paris. they walked along the river with Carl.\n"
CLASS_SCORES = "student,class,score\nal,A,70\nbea,B,82\ncal,B,90\ndan,A,65\neve,B,76\n"

NINETEENTH = [
    ("What is 1234 modulo 97? Use code.", {}, "70"),
    ("What is the binary number 11011 times 3, in decimal? Use code.", {}, "81"),
    ("In how many ways can 3 items be chosen from 10? Use code.", {}, "120"),
    ("What is the area of a circle of radius 3, rounded to 2 decimals? Use code.", {}, "28.27"),
    ("What is the sum of 10, 20, 30 and so on up to 100? Use code.", {}, "550"),
    ("What is 8 factorial divided by 6 factorial? Use code.", {}, "56"),
    ("What does 1000 grow to at 5 percent interest a year for 3 years, rounded to 2 decimals? Use code.", {},
     "1157.63"),
    ("How many letters are in the word supercalifragilistic? Use code.", {}, "20"),
    ("How many bits does the number 1000 need in binary? Use code.", {}, "10"),
    ("What is the last day of February 2027? Use code and answer as YYYY-MM-DD.", {}, "2027-02-28"),
    ("What day of the week was 1989-11-09? Use code.", {}, "thursday"),
    ("How many days after 2027-09-01 is 2027-12-25? Use code.", {}, "115"),
    ("What ISO week number is 2027-01-01 in? Use code.", {}, "53"),
    ("What are the first 6 characters of the md5 hex digest of the text oi? Use code.", {}, "a2e63e"),
    ("What is 3 to the power of 4, plus 4 to the power of 3? Use code.", {}, "145"),
    ("What is the largest prime number below 100? Use code.", {}, "97"),
    ("How many vowels are in the word 'encyclopedia'? Use code.", {}, "5"),
    ("What is the string 'a-b-c-d' with the dashes removed? Use code.", {}, "abcd"),
    ("How many seconds are 45 minutes and 30 seconds? Use code.", {}, "2730"),
    ("What is the number 7 written as a 3-digit string padded with zeros? Use code.", {}, "007"),
    ("Which month in sales.csv had the highest revenue?", {"sales.csv": MONTH_REVENUE}, "mar"),
    ("How many people in people.csv are between 20 and 30 years old, both included?",
     {"people.csv": AGED_PEOPLE}, "3"),
    ("What is the email of the user named bob in users.json?", {"users.json": MAILED_USERS}, "bob@y.net"),
    ("How many keys does the database section of config.json have?", {"config.json": SECTIONED_JSON}, "3"),
    ("What version does package.json declare?", {"package.json": PACKAGE_JSON}, "1.4.2"),
    ("How many lines in app.log are of level ERROR or WARN?", {"app.log": LEVELED_LOG}, "3"),
    ("What is the third line of poem.txt?", {"poem.txt": SHORT_VERSE}, "silver and slow"),
    ("How many words in story.txt start with a capital letter?", {"story.txt": CAPITAL_STORY}, "4"),
    ("How many files in this folder have names that start with report?",
     {"report1.txt": "a", "report_final.md": "b", "summary.txt": "c", "old_report.txt": "d"}, "2"),
    ("Which file extension do most files in this folder have?",
     {"a.md": "a", "b.md": "b", "c.txt": "c", "d.md": "d", "e.py": "e"}, "md"),
    ("Write alpha into a.txt and beta into b.txt, then tell me how many characters the two files hold together.",
     {}, "9"),
    ("Write the numbers 1 to 5 into five files named 1.txt to 5.txt, one number each, then tell me how many .txt "
     "files this folder has.", {"notes.txt": "x"}, "6"),
    ("What is the average score of the students in class B in scores.csv?", {"scores.csv": CLASS_SCORES}, "82.67"),
]

# A twentieth, written in session 35 after the nineteenth's changes were made and before they
# ran on it: the clean measure of the session's last code. New shapes: the cheapest of one
# category, a column's median, items over a threshold in nested JSON, a TOML key, a key of a
# properties file, lines of one date in a log, the line with the most commas, words that end
# in a letter, the newest of three files by name, the folder with the largest file, a line
# inserted at the top then the first read, a file emptied then measured, two columns
# multiplied and summed; and twenty others.
PRICED_GOODS = "item,category,price\npen,office,1.20\nmug,kitchen,6.50\nclip,office,0.35\nbowl,kitchen,4.10\n"
WAITS_CSV = "patient,wait\na,12\nb,40\nc,7\nd,25\ne,31\n"
NESTED_ORDERS = json.dumps({"shop": {"orders": [{"id": 1, "total": 120}, {"id": 2, "total": 45},
                                                {"id": 3, "total": 300}, {"id": 4, "total": 99}]}})
TOOL_TOML = "[tool]\nname = \"linter\"\n\n[tool.settings]\nmax_line = 88\nstrict = true\n"
APP_PROPERTIES = "# settings\napp.name=store\napp.threads=8\ndb.url=jdbc:x\n"
DATED_EVENTS = ("2027-03-01 start\n2027-03-02 build\n2027-03-02 test\n2027-03-03 deploy\n"
                "2027-03-02 fix\n")
COMMA_LINES = "a,b\nc\nd,e,f,g\nh,i,j\n"
ENDING_WORDS = "happy sunny cat dog windy tree\n"
ITEM_QTY = "item,price,qty\nnail,0.10,100\nscrew,0.25,40\nbolt,1.50,4\n"

TWENTIETH = [
    ("What is 17 times 23, plus 19? Use code.", {}, "410"),
    ("What is 2 to the 10th plus 3 to the 5th? Use code.", {}, "1267"),
    ("What is the base-10 logarithm of 5000, rounded to 3 decimals? Use code.", {}, "3.699"),
    ("What is the greatest common divisor of 391 and 667? Use code.", {}, "23"),
    ("What is the population standard deviation of 2, 4, 4, 4, 5, 5, 7 and 9? Use code.", {}, "2"),
    ("What is the sum of the digits of 2 to the power of 20? Use code.", {}, "31"),
    ("What is 999999 divided by 7, as a whole number? Use code.", {}, "142857"),
    ("What is 100 divided by 7, rounded to 3 decimals? Use code.", {}, "14.286"),
    ("What is the remainder of 3 times 17 divided by 11? Use code.", {}, "7"),
    ("What date is 6 weeks after 2027-06-15? Use code and answer as YYYY-MM-DD.", {}, "2027-07-27"),
    ("What day of the week is New Year's Day 2030? Use code.", {}, "tuesday"),
    ("How many days are between 2027-01-31 and 2027-04-30? Use code.", {}, "89"),
    ("How many months of 2027 begin on a Monday? Use code.", {}, "3"),
    ("What are the first 8 characters of the sha1 hex digest of the text xyz? Use code.", {}, "66b27417"),
    ("How many different letters are in the word bookkeeper? Use code.", {}, "6"),
    ("What are the letters of banana sorted alphabetically, as one word? Use code.", {}, "aaabnn"),
    ("How many times does the letter e appear in 'Open Interpreter'? Use code.", {}, "4"),
    ("What is the word 'drawer' spelled backwards? Use code.", {}, "reward"),
    ("How many numbers between 1 and 100 are perfect squares? Use code.", {}, "10"),
    ("What is 45 degrees in radians, rounded to 4 decimals? Use code.", {}, "0.7854"),
    ("What is the cheapest office item in goods.csv?", {"goods.csv": PRICED_GOODS}, "clip"),
    ("What is the median wait in waits.csv?", {"waits.csv": WAITS_CSV}, "25"),
    ("How many orders in shop.json have a total above 100?", {"shop.json": NESTED_ORDERS}, "2"),
    ("What is max_line set to in tool.toml?", {"tool.toml": TOOL_TOML}, "88"),
    ("How many threads does app.properties set?", {"app.properties": APP_PROPERTIES}, "8"),
    ("How many events in events.log happened on 2027-03-02?", {"events.log": DATED_EVENTS}, "3"),
    ("Which line of data.txt has the most commas? Answer with the line.", {"data.txt": COMMA_LINES}, "d,e,f,g"),
    ("How many words in words.txt end with the letter y?", {"words.txt": ENDING_WORDS}, "3"),
    ("Which of the files in this folder has the longest name?",
     {"a.txt": "1", "notes_2027.md": "2", "readme": "3"}, "notes_2027.md"),
    ("Which subfolder holds the largest file?",
     {"small/a.txt": "x" * 10, "big/b.txt": "x" * 700, "mid/c.txt": "x" * 300}, "big"),
    ("Add the line 'title' at the top of doc.txt, then tell me the first line of doc.txt.",
     {"doc.txt": "body one\nbody two\n"}, "title"),
    ("Empty the file cache.txt, then tell me its size in bytes.", {"cache.txt": "lots of cached data\n"}, "0"),
    ("What is the total of price times qty over all rows of items.csv?", {"items.csv": ITEM_QTY}, "26"),
]

# Written in session 36, before any code of that session ran on it; checked with difflib
# against every earlier set (no request above 0.89 alike).
WIDE_CSV = "north,south,east\n1,9,4\n2,1,8\n3,2,5\n"
VISIT_DATES = "date,page\n2027-04-12,home\n2027-02-03,about\n2027-03-15,cart\n2027-02-28,home\n"
TAGGED_POSTS = ('{"posts": [{"title": "a", "tags": ["rust", "cli"]}, {"title": "b", "tags": ["cli", "gui"]}, '
                '{"title": "c", "tags": ["rust", "web"]}]}\n')
LIMITS_JSON = '{"cpu": 80, "memory": 65, "disk": 90, "network": 70}\n'
DRAGON_STORY = "Once upon a time\nthere lived a king\nwho feared the dark\nuntil a dragon came\nand the dragon stayed\n"
MARCH_LEDGER = "date,amount\n2027-02-27,40\n2027-03-02,25\n2027-03-18,15\n2027-04-01,60\n2027-03-30,10\n"
LYRICS_TXT = "la la la\nsing along with me now\nhey\none two three four\n"
SIGNED_NUMS = "4\n-2\n7\n-9\n0\n-1\n3\n"
DONE_TASKS = ('[{"task": "a", "done": true}, {"task": "b", "done": false}, {"task": "c", "done": true}, '
              '{"task": "d", "done": true}]\n')
DRAFT_TXT = "Title\n\nFirst paragraph.\n\n\nSecond paragraph.\nEnd\n"

TWENTY_FIRST = [
    ("How many trailing zeros does 30 factorial have? Use code.", {}, "7"),
    ("What is the Roman numeral for 1994? Use code.", {}, "mcmxciv"),
    ("What is the Unix timestamp of 2027-01-01 00:00 UTC? Use code.", {}, "1798761600"),
    ("What is the ASCII code of the character '~'? Use code.", {}, "126"),
    ("How many words in 'it was the best of times it was the worst of times' appear exactly once? Use code.",
     {}, "2"),
    ("What is 'Hello World' with its vowels removed? Use code.", {}, "hll wrld"),
    ("What is 45 in binary, padded with zeros to 8 digits? Use code.", {}, "00101101"),
    ("What is the hypotenuse of a right triangle with legs 9 and 40? Use code.", {}, "41"),
    ("What is 2.5 hours in seconds? Use code.", {}, "9000"),
    ("How many hours are between 2027-03-01 08:00 and 2027-03-03 20:30? Use code.", {}, "60.5"),
    ("What is the ISO week number of 2027-11-18? Use code.", {}, "46"),
    ("What is the base64 encoding of the text oi? Use code.", {}, "b2k="),
    ("What is the sum of the cubes of 1 through 6? Use code.", {}, "441"),
    ("What is 7 to the power of 7, modulo 100? Use code.", {}, "43"),
    ("How many letters of the alphabet are not in 'the quick brown fox'? Use code.", {}, "11"),
    ("What is the average word length of 'to be or not to be', rounded to 2 decimals? Use code.", {}, "2.17"),
    ("What time is it 250 minutes after 21:40? Use code and answer as HH:MM.", {}, "01:50"),
    ("How many palindromic numbers are there between 100 and 200? Use code.", {}, "10"),
    ("What is the geometric mean of 2 and 32? Use code.", {}, "8"),
    ("How many minutes are there from 08:45 to 17:10? Use code.", {}, "505"),
    ("Which column of wide.csv has the largest sum?", {"wide.csv": WIDE_CSV}, "east"),
    ("What is the earliest date in visits.csv?", {"visits.csv": VISIT_DATES}, "2027-02-03"),
    ("How many distinct tags are in posts.json?", {"posts.json": TAGGED_POSTS}, "4"),
    ("Which key of limits.json has the smallest value?", {"limits.json": LIMITS_JSON}, "memory"),
    ("On which line of story.txt does the word dragon first appear? Answer with the line number.",
     {"story.txt": DRAGON_STORY}, "4"),
    ("Sort the lines of names.txt alphabetically into sorted.txt, then tell me the first line of sorted.txt.",
     {"names.txt": "maria\ncarlos\nzoe\nbeatriz\n"}, "beatriz"),
    ("What is the total of the amount column in ledger.csv for rows dated in March?",
     {"ledger.csv": MARCH_LEDGER}, "50"),
    ("How many words does the longest line of lyrics.txt have?", {"lyrics.txt": LYRICS_TXT}, "5"),
    ("How many numbers in nums.txt are negative?", {"nums.txt": SIGNED_NUMS}, "3"),
    ("What percentage of the tasks in tasks.json are done? Answer as a whole number.",
     {"tasks.json": DONE_TASKS}, "75"),
    ("What is the last word of notes.txt?", {"notes.txt": "buy milk\ncall the plumber\nfinish the report\n"},
     "report"),
    ("How many blank lines does draft.txt have?", {"draft.txt": DRAFT_TXT}, "3"),
    ("Which folder here has the most files?",
     {"docs/a.md": "a", "docs/b.md": "b", "src/x.py": "x", "src/y.py": "y", "src/z.py": "z", "img/p.png": "p"},
     "src"),
]

CONTACTS_CSV = "name,email\nana,ana@mail.org\nbo,bo@work.com\ncy,cy@mail.org\ndee,dee@home.net\neli,eli@work.com\n"
RESULTS_JSON = json.dumps({"results": [{"player": "kim", "score": 71}, {"player": "lou", "score": 88},
                                       {"player": "max", "score": 64}, {"player": "noa", "score": 90}]})
VALUES_TXT = "\n".join(str(n) for n in [42, 17, 99, 63, 99, 8, 75]) + "\n"
POEM_LINES = "the sea is calm\nwhispering pines along the quiet ridge\nstars\nrain on the window\n"
MIXED_TXT = "paid 12 for lunch\nthen 30 for books\nand 8 for the bus\n"
OPEN_TODO_TXT = "- call mom\n+ bought bread\n- fix the bike\n- pay rent\n+ sent mail\n"
PEOPLE_JSON = json.dumps([{"name": "iris", "born": 1988}, {"name": "omar", "born": 1975},
                          {"name": "pia", "born": 1992}])
MOTTO_TXT = "keep it simple\n"
REVIEW_TXT = "good food and good service but the good part was the dessert\n"
RAIN_CSV = "month,mm\njan,48\nfeb,35\nmar,62\napr,57\nmay,41\n"
INVENTORY_JSON = json.dumps({"bolts": 140, "nuts": 95, "washers": 210, "screws": 60})
STATUS_LOG = ("10:01 GET /home 200\n10:02 GET /login 500\n10:03 POST /login 200\n"
              "10:04 GET /home 404\n10:05 GET /cart 500\n10:06 GET /home 200\n")
TWENTY_SECOND = [
    ("What is the digital root of 987654321? Use code.", {}, "9"),
    ("How many distinct prime factors does 360 have? Use code.", {}, "3"),
    ("What day of the week was 4 July 1976? Use code.", {}, "sunday"),
    ("How many uppercase letters are in 'The Quick BROWN Fox'? Use code.", {}, "8"),
    ("How many numbers from 1 to 200 have digits that add up to 10? Use code.", {}, "19"),
    ("What is the octal representation of 511? Use code.", {}, "777"),
    ("How many Friday the 13ths are there in 2027? Use code.", {}, "1"),
    ("What is the smallest number above 1000 that 17 divides exactly? Use code.", {}, "1003"),
    ("What is the volume of a sphere of radius 2, rounded to 2 decimals? Use code.", {}, "33.51"),
    ("What is 88 degrees Fahrenheit in Celsius, rounded to 1 decimal? Use code.", {}, "31.1"),
    ("What do the numbers from 1 to 1000 that 7 divides add up to? Use code.", {}, "71071"),
    ("What are the first 8 characters of the MD5 hash of 'abc'? Use code.", {}, "90015098"),
    ("How many times does 'ab' occur in 'abcabcababc'? Use code.", {}, "4"),
    ("What is the product of all prime numbers below 20? Use code.", {}, "9699690"),
    ("In which year from 2030 to 2036 does Christmas fall on a Sunday? Use code.", {}, "2033"),
    ("What date is 100 days after 2027-02-10? Use code.", {}, "2027-05-21"),
    ("What is the mean of the squares of 1 through 10? Use code.", {}, "38.5"),
    ("What is 3/8 as a percentage? Use code.", {}, "37.5"),
    ("How many hours does February 2028 have? Use code.", {}, "696"),
    ("What is 1 - 2 + 3 - 4 + ... + 99? Use code.", {}, "50"),
    ("How many unique email domains are in contacts.csv?", {"contacts.csv": CONTACTS_CSV}, "3"),
    ("What is the average score in results.json, rounded to 1 decimal?", {"results.json": RESULTS_JSON},
     "78.2"),
    ("What is the second largest distinct number in values.txt?", {"values.txt": VALUES_TXT}, "75"),
    ("What is the first word of the longest line in poem.txt?", {"poem.txt": POEM_LINES}, "whispering"),
    ("What is the sum of all the numbers that appear in expenses.txt?", {"expenses.txt": MIXED_TXT}, "50"),
    ("Write the lines of todo.txt that start with '-' into open.txt. How many lines does open.txt have?",
     {"todo.txt": OPEN_TODO_TXT}, "3"),
    ("Which person in people.json was born first? Answer with the name.", {"people.json": PEOPLE_JSON}, "omar"),
    ("How many characters does motto.txt have, not counting the newline?", {"motto.txt": MOTTO_TXT}, "14"),
    ("In review.txt, which word is repeated the most times?", {"review.txt": REVIEW_TXT}, "good"),
    ("Which month in rain.csv had the most rain?", {"rain.csv": RAIN_CSV}, "mar"),
    ("How many items are in stock altogether according to inventory.json?",
     {"inventory.json": INVENTORY_JSON}, "505"),
    ("How many requests in server.log got a 500 status?", {"server.log": STATUS_LOG}, "2"),
    ("How many subfolders are there under this folder, nested ones included?",
     {"a.txt": "a", "notes/b.txt": "b", "notes/old/c.md": "c", "pics/d.png": "d", "pics/2026/e.png": "e",
      "pics/2026/jan/f.png": "f"}, "5"),
]

MARKS_CSV = "name,grade\nana,91\nben,78\ncarla,85\ndev,62\neli,80\nfay,88\n"
TOWNS_JSON = json.dumps([{"city": "Lyon", "population": 522000}, {"city": "Porto", "population": 232000},
                         {"city": "Seville", "population": 684000}, {"city": "Graz", "population": 291000}])
ESSAY_TXT = "First paragraph here.\n\nSecond paragraph.\nStill second.\n\n\nThird one.\n"
PAID_ORDERS_CSV = "id,status,amount\n1,paid,30\n2,pending,45\n3,paid,12.5\n4,refunded,20\n5,paid,7.5\n"
JOURNAL_TXT = "monday: rain\ntuesday: sun\nwednesday: wind\n"
FRUIT_WORDS_TXT = "Apple banana apple Cherry\nbanana DATE cherry apple\n"
NAMES_TXT = "Zoe\nmarcus\nBella\nadam\nKim\n"
SECTIONS_INI = "[database]\nhost = db.local\nport = 5432\n\n[server]\nhost = 0.0.0.0\nport = 8080\n"
ERROR_CASES_LOG = ("INFO start\nERROR disk full\nWARN slow\nerror: retry failed\nINFO done\nError in worker\n"
                   "INFO all good\n")
SENTENCE_TXT = "small steps make big changes\n"
CHORES_JSON = json.dumps({"chores": [{"task": "wash car", "who": "sam"}, {"task": "pay rent", "who": "ria"},
                                     {"task": "mow lawn", "who": "sam"}, {"task": "fix bike", "who": "sam"},
                                     {"task": "cook", "who": "ria"}]})
TWENTY_THIRD = [
    ("How many vowels are in 'Programming is fun and rewarding'? Use code.", {}, "9"),
    ("What is the sum of the proper divisors of 220? Use code.", {}, "284"),
    ("What is the remainder when 3 to the 100th power is divided by 7? Use code.", {}, "4"),
    ("How many distinct arrangements of the letters of LEVEL are there? Use code.", {}, "30"),
    ("How many handshakes happen when 12 people each shake hands once with every other? Use code.", {}, "66"),
    ("What is the area of a circle with diameter 7, rounded to 2 decimals? Use code.", {}, "38.48"),
    ("What is the median of 12, 7, 3, 19, 8, 15? Use code.", {}, "10"),
    ("Which day of the year is 2027-09-30? Use code.", {}, "273"),
    ("How many different letters are used in 'mississippi'? Use code.", {}, "4"),
    ("What is e raised to the power 3, rounded to 2 decimals? Use code.", {}, "20.09"),
    ("How many integers from 1 to 500 are divisible by neither 2 nor 5? Use code.", {}, "200"),
    ("What are the first 6 characters of the SHA-1 hash of 'hello'? Use code.", {}, "aaf4c6"),
    ("What is the date of the last Friday of November 2027? Use code.", {}, "2027-11-26"),
    ("What is 'cat' encoded in base64? Use code.", {}, "Y2F0"),
    ("What is 15% of 240 plus 8% of 150? Use code.", {}, "48"),
    ("How many three-digit numbers are palindromes? Use code.", {}, "90"),
    ("How many letters does the longest word in 'extraordinary things happen quietly' have? Use code.", {}, "13"),
    ("How many 1 bits does 1000 have in binary? Use code.", {}, "6"),
    ("What time is it 7 hours and 45 minutes after 19:30? Answer as HH:MM. Use code.", {}, "03:15"),
    ("How many days are left in 2027 after 2027-10-15? Use code.", {}, "77"),
    ("How many students in grades.csv scored above 80?", {"grades.csv": MARKS_CSV}, "3"),
    ("Which city in cities.json has the fewest people?", {"cities.json": TOWNS_JSON}, "porto"),
    ("How many blank lines are in essay.txt?", {"essay.txt": ESSAY_TXT}, "3"),
    ("What is the total amount of the paid orders in orders.csv?", {"orders.csv": PAID_ORDERS_CSV}, "50"),
    ("Which folder under this one is nested the deepest? Answer with its name.",
     {"README.md": "x", "docs/a.md": "a", "docs/b.md": "b", "src/x.py": "x", "src/y.py": "y", "src/lib/z.py": "z",
      "src/lib/archive/w.py": "w", "assets/logo.png": "p"}, "archive"),
    ("What is the last line of journal.txt?", {"journal.txt": JOURNAL_TXT}, "wind"),
    ("How many distinct words are in words.txt, ignoring case?", {"words.txt": FRUIT_WORDS_TXT}, "4"),
    ("Sort the names in names.txt alphabetically, ignoring case, and write them to sorted.txt. Which name comes first?",
     {"names.txt": NAMES_TXT}, "adam"),
    ("What port is set in the [server] section of config.ini?", {"config.ini": SECTIONS_INI}, "8080"),
    ("How many lines of app.log contain the word 'error' in any case?", {"app.log": ERROR_CASES_LOG}, "3"),
    ("Which file in this folder is the largest? Answer with its name.",
     {"small.txt": "abc\n", "big.txt": "x" * 900 + "\n", "medium.txt": "y" * 300 + "\n"}, "big.txt"),
    ("What is the average word length in sentence.txt, rounded to 2 decimals?", {"sentence.txt": SENTENCE_TXT}, "4.8"),
    ("How many chores in chores.json are assigned to sam?", {"chores.json": CHORES_JSON}, "3"),
]

QTY_SALES_CSV = "item,quantity\npen,12\nbook,3\nmug,10\nlamp,7\ncable,25\n"
CART_JSON = json.dumps([{"item": "pen", "price": 1.5, "quantity": 4}, {"item": "book", "price": 12, "quantity": 2},
                        {"item": "mug", "price": 6.25, "quantity": 2}])
TODO_NOTES_TXT = "TODO buy stamps\nmeeting at 3\nTODO call Ana\ndone: taxes\nTODO: water plants\nnot a TODO here\n"
VOWEL_WORDS_TXT = "sky\nbanana\nqueue\nrhythm\nauditorium\nstrength\n"
NESTED_SETTINGS_JSON = json.dumps({"app": {"name": "demo", "network": {"timeout": 45, "retries": 3}}, "debug": False})
SONG_TXT = "la la la\nsing it loud\nthe night is young\nla la la\n"
AUTH_LOG = ("Failed password for root from 10.0.0.1\nAccepted password for ana\nFailed password for root from 10.0.0.2\n"
            "Failed password for bob\nFailed password for root from 10.0.0.1\nAccepted password for root\n")
SUBJECT_SCORES_CSV = "name,math,art,music\nana,70,85,90\nben,95,60,80\ncleo,88,92,71\n"
LINE_WORDS_TXT = "one two three\nfour five\nsix seven eight nine ten\neleven\n"
DATED_EVENTS_CSV = "date,event\n2027-03-14,launch\n2027-01-05,kickoff\n2027-06-30,review\n2027-02-20,demo\n"
TWENTY_FOURTH = [
    ("What do the multiples of 3 from 3 to 99 add up to? Use code.", {}, "1683"),
    ("What do the two-digit prime numbers add up to? Use code.", {}, "1043"),
    ("How many consonants are in 'Hello Wonderful World'? Use code.", {}, "13"),
    ("What is the Roman numeral XLIV plus the Roman numeral LXXVIII, as a number? Use code.", {}, "122"),
    ("On which weekday does 2029-07-04 fall? Use code.", {}, "wednesday"),
    ("How many minutes pass from 22:50 to 01:20 the next day? Use code.", {}, "150"),
    ("What is 2500 after a 12% rise followed by a 12% fall? Use code.", {}, "2464"),
    ("How many words in 'the cat and the hat sat on a mat' have exactly three letters? Use code.", {}, "7"),
    ("What do the digits of 987654 multiply to? Use code.", {}, "60480"),
    ("How many positive whole numbers have a cube below 2000? Use code.", {}, "12"),
    ("How long is the diagonal of a 5 by 12 rectangle? Use code.", {}, "13"),
    ("What is the date of the first Monday of March 2028? Use code.", {}, "2028-03-06"),
    ("What is 'stressed' reversed, in uppercase? Use code.", {}, "DESSERTS"),
    ("What is the average of 4.5, 7.25 and 9, rounded to 2 decimals? Use code.", {}, "6.92"),
    ("How many times does the letter s appear in 'she sells sea shells by the sea shore'? Use code.", {}, "8"),
    ("How many digits does 50 factorial have? Use code.", {}, "65"),
    ("What is 'abc' with each letter shifted 3 places forward in the alphabet? Use code.", {}, "def"),
    ("How many days do the years 2024 to 2027 have together? Use code.", {}, "1461"),
    ("How many two-digit numbers have digits that differ by exactly 3? Use code.", {}, "13"),
    ("How many 4-letter codes can be made from the letters A to F without repeating a letter? Use code.", {}, "360"),
    ("How many rows of sales.csv have a quantity of at least 10?", {"sales.csv": QTY_SALES_CSV}, "3"),
    ("What is the total cost of everything in cart.json (price times quantity)?", {"cart.json": CART_JSON}, "42.5"),
    ("How many lines in notes.txt start with TODO?", {"notes.txt": TODO_NOTES_TXT}, "3"),
    ("Which word in words.txt has the most vowels?", {"words.txt": VOWEL_WORDS_TXT}, "auditorium"),
    ("How many folders are directly inside this folder, not counting nested ones?",
     {"a.txt": "a", "src/x.py": "x", "src/sub/y.py": "y", "docs/r.md": "r", "tests/t.py": "t",
      "tests/unit/u.py": "u"}, "3"),
    ("What is the timeout value in settings.json?", {"settings.json": NESTED_SETTINGS_JSON}, "45"),
    ("What is the second-to-last line of song.txt?", {"song.txt": SONG_TXT}, "the night is young"),
    ("How many failed logins for root does auth.log record?", {"auth.log": AUTH_LOG}, "3"),
    ("Which row of scores.csv has the largest total across its columns? Answer with its name.",
     {"scores.csv": SUBJECT_SCORES_CSV}, "cleo"),
    ("Write the number of words on each line of text.txt into counts.txt, one per line. What is the largest count?",
     {"text.txt": LINE_WORDS_TXT}, "5"),
    ("How many days are there between the earliest and the latest date in events.csv?",
     {"events.csv": DATED_EVENTS_CSV}, "176"),
    ("How many files in this folder have the .log extension?",
     {"app.log": "a", "error.log": "b", "notes.txt": "c", "backup.log.gz": "d", "data.csv": "e", "system.log": "f"},
     "3"),
    ("Which .md file in this folder has the most lines? Answer with its name.",
     {"a.md": "1\n2\n3\n", "guide.md": "1\n2\n3\n4\n5\n6\n7\n", "notes.md": "1\n2\n3\n4\n5\n",
      "big.txt": "x\n" * 20}, "guide.md"),
]

WEEK_TEMPS_CSV = "day,temp\nmon,18\ntue,22\nwed,25\nthu,19\nfri,21\nsat,20\nsun,27\n"
MIXED_VALUES_TXT = "3\n8\n15\n22\n7\n10\n"
COMMENTED_SCRIPT_PY = "# setup\nimport os\n  # indented comment\nx = 1  # trailing\nprint(x)\n# end\n"
REORDER_CSV = "item,stock,reorder_level\npaper,40,50\ntoner,5,3\nstaples,100,20\npens,8,10\nfolders,12,12\n"
FULL_NAMES_TXT = "Anna Smith\nBen Jones\nAnna Brown\nCarl Smith\nBen Lee\nAnna Kim\n"
SERVICE_JSON = json.dumps({"name": "svc", "description": "handles nightly exports", "owner": "data-team",
                           "region": "eu-west-1", "retries": 3})
USER_SESSIONS_CSV = "user,minutes\nana,30\nbo,45\nana,25\ncy,50\nbo,20\n"
BOOT_LOG = "booting\nchecking disk\nSTART\nworker 1 up\nworker 2 up\nready\n"
PAIRS_TXT = "3 7\n4 5\n9 1\n2 8\n6 6\n10 0\n"
RAIN_WEEK_TXT = "mon rain\ntue rain\nwed sun\nthu rain\nfri rain\nsat rain\nsun sun\n"
FRUIT_PRICES_JSON = json.dumps({"apple": 1.2, "melon": 3.5, "grape": 2.75, "kiwi": 0.8})
REPEATED_ORDERS_CSV = "id,item\n1,pen\n2,cup\n1,pen\n3,ink\n2,cup\n1,pen\n"
TWENTY_FIFTH = [
    ("How many perfect squares are there between 500 and 1500? Use code.", {}, "16"),
    ("What do the first five prime numbers multiply to? Use code.", {}, "2310"),
    ("How many words in 'an old owl sat in every empty oak tree' start with a vowel? Use code.", {}, "7"),
    ("What is the fifth root of 7776? Use code.", {}, "6"),
    ("What do the even Fibonacci numbers below 1000 add up to? Use code.", {}, "798"),
    ("What is the distance between the points (1, 2) and (7, 10)? Use code.", {}, "10"),
    ("What angle in degrees do the hands of a clock make at 10:10? Use code.", {}, "115"),
    ("What is 3/8 + 5/12 as a fraction in lowest terms? Use code.", {}, "19/24"),
    ("What is 90 km/h in metres per second? Use code.", {}, "25"),
    ("What is 'Mississippi' with each letter kept only the first time it appears? Use code.", {}, "Misp"),
    ("What is the sum of all the digits of all the numbers from 1 to 100? Use code.", {}, "901"),
    ("What do the first 10 triangular numbers add up to? Use code.", {}, "220"),
    ("What percent of 80 is 26? Use code.", {}, "32.5"),
    ("How many times does the digit 7 appear when writing the numbers from 1 to 100? Use code.", {}, "20"),
    ("What do the numbers from 1 to 1000 that are divisible by 7 but not by 5 add up to? Use code.", {}, "56861"),
    ("What do the odd numbers from 1 to 11 multiply to? Use code.", {}, "10395"),
    ("What is 12340 seconds as hours, minutes and seconds (H:MM:SS)? Use code.", {}, "3:25:40"),
    ("What is 123456789 times 987654321? Use code.", {}, "121932631112635269"),
    ("How many letters do the words of 'small steps build lasting habits' have together, not counting spaces? "
     "Use code.", {}, "28"),
    ("How many characters long is 'hello world' repeated 7 times with a space between the copies? Use code.", {}, "83"),
    ("On how many days in temps.csv was the temperature above 20?", {"temps.csv": WEEK_TEMPS_CSV}, "4"),
    ("What do the even numbers in values.txt add up to?", {"values.txt": MIXED_VALUES_TXT}, "40"),
    ("How many lines of script.py start with #, not counting leading spaces?", {"script.py": COMMENTED_SCRIPT_PY}, "3"),
    ("How many items in inventory.csv have a stock below their reorder level?", {"inventory.csv": REORDER_CSV}, "2"),
    ("What is the most common first name in people.txt?", {"people.txt": FULL_NAMES_TXT}, "anna"),
    ("Which key in config.json has the longest text value?", {"config.json": SERVICE_JSON}, "description"),
    ("Which user in sessions.csv spent the most minutes in total?", {"sessions.csv": USER_SESSIONS_CSV}, "bo"),
    ("How many lines of app.log come after the line START?", {"app.log": BOOT_LOG}, "3"),
    ("How many lines of pairs.txt hold two numbers that add up to 10?", {"pairs.txt": PAIRS_TXT}, "4"),
    ("What is the longest run of rainy days in a row in weather.txt?", {"weather.txt": RAIN_WEEK_TXT}, "3"),
    ("How many .html files in this folder contain the word login?",
     {"index.html": "<a href=login>Log in</a>\n", "about.html": "<p>about us</p>\n",
      "login.html": "<form id='login'></form>\n", "help.html": "<p>Forgot your login?</p>\n",
      "notes.txt": "login details\n"}, "3"),
    ("What is the difference between the highest and the lowest price in prices.json?",
     {"prices.json": FRUIT_PRICES_JSON}, "2.7"),
    ("How many rows of orders.csv repeat an earlier row exactly?", {"orders.csv": REPEATED_ORDERS_CSV}, "3"),
]

AT_SIGN_CONTACTS_CSV = "name,email\nAna,ana@mail.com\nBen,ben.mail.com\nCai,cai@work.org\nDee,dee@home.net\n"
VERSIONS_TXT = "1.9.7\n1.10.2\n1.2.15\n0.12.0\n1.10.0\n"
GALLERY_HTML = ("<html><body>\n<img src=\"a.jpg\" alt=\"A beach\">\n<img src=\"b.jpg\">\n"
                "<img src=\"c.png\" alt=\"A cat\">\n<img src=\"d.png\">\n<img src=\"e.gif\" alt=\"Logo\">\n"
                "</body></html>\n")
QUARTER_REPORT_TXT = "Quarterly report\nSales rose 4 percent.\n"
DONE_TODO_TXT = "[x] book flights\n[ ] pack bags\n[x] renew passport\n[ ] water plants\n[x] pay rent\n"
DEPS_PACKAGE_JSON = ('{\n  "name": "shop",\n  "version": "2.1.0",\n  "dependencies": {\n'
                     '    "express": "^4.18.2",\n    "lodash": "^4.17.21",\n    "pg": "^8.11.0",\n'
                     '    "dotenv": "^16.3.1"\n  },\n  "devDependencies": {\n    "jest": "^29.7.0",\n'
                     '    "eslint": "^8.50.0"\n  }\n}\n')
MONTH_ORDERS_CSV = ("id,date,total\n1,2026-01-03,20.00\n2,2026-03-05,35.50\n3,2026-02-14,12.00\n"
                    "4,2026-03-18,8.25\n5,2026-04-03,40.00\n6,2026-03-29,15.75\n")
CALL_TIMES_CSV = "caller,duration\nana,4:30\nben,12:15\ncai,3:45\ndee,9:30\n"
ENV_VARS_FILE = "# database\nDB_HOST=localhost\nDB_PORT=5432\n\n# secrets\nAPI_KEY=abc123\nDEBUG=true\n"
VISIT_DATES_TXT = "2026-11-02\n2026-11-09\n2026-11-04\n2026-11-16\n2026-11-06\n2026-11-11\n"
ANCHORS_HTML = ("<html><body>\n<a href=\"/home\">Home</a> <a href=\"/about\">About</a>\n"
                "<p>Read <a href=\"https://example.com/docs\">the docs</a> or "
                "<a href=\"/contact\">write to us</a>.</p>\n</body></html>\n")
SHAPES_PY = ("import math\n\n\ndef area(r):\n    return math.pi * r * r\n\n\ndef perimeter(r):\n"
             "    return 2 * math.pi * r\n\n\ndef describe(r):\n    return f\"r={r}: area {area(r):.2f}\"\n\n\n"
             "def main():\n    print(describe(2))\n\n\nmain()\n")
LOG_SECTIONS_INI = ("[server]\nhost = 0.0.0.0\nport = 8000\n\n[database]\nurl = postgres://localhost/app\n\n"
                    "[logging]\nlevel = info\n")
EMPTY_CELLS_CSV = ("name,phone,email,city\nana,,ana@mail.com,Oslo\nben,555-0101,,Rome\ncai,,cai@mail.com,\n"
                   "dee,,dee@mail.com,Lima\n")

TWENTY_SIXTH = [
    ("What do the numbers in 'I bought 3 apples, 12 pears and 7 plums' add up to? Use code.", {}, "22"),
    ("What is 9.99 plus 20 percent VAT, rounded to cents? Use code.", {}, "11.99"),
    ("What is the colour #1E90FF as red, green and blue values? Use code.", {}, "30, 144, 255"),
    ("What do 19.99, 5.49 and 12.30 add up to? Use code.", {}, "37.78"),
    ("How many bytes does the text 'naïve café' take in UTF-8? Use code.", {}, "12"),
    ("How long does it take to download 2.4 GB at 50 megabits per second, in minutes rounded to one decimal? "
     "Use code.", {}, "6.4"),
    ("What time is it in Tokyo when it is 14:00 in London on 2027-01-10? Answer as HH:MM. Use code.", {}, "23:00"),
    ("What is the word 'résumé' written without its accents? Use code.", {}, "resume"),
    ("What is the monthly payment on a 10000 loan at 6% yearly interest over 3 years, paid monthly, rounded to "
     "cents? Use code.", {}, "304.22"),
    ("What is the BMI of a person 1.75 m tall who weighs 70 kg, rounded to one decimal? Use code.", {}, "22.9"),
    ("What is 'user_account_id' in camelCase? Use code.", {}, "userAccountId"),
    ("What is the IPv4 address 192.168.1.10 as a 32-bit integer? Use code.", {}, "3232235786"),
    ("What is 'Straße' in upper case, as Python writes it? Use code.", {}, "STRASSE"),
    ("What is the average speed in km/h of a trip of 150 km that takes 1 hour 40 minutes? Use code.", {}, "90"),
    ("What is the tip on a bill of 86.40 at 18 percent, rounded to cents? Use code.", {}, "15.55"),
    ("What is 1.5 GiB in MiB? Use code.", {}, "1536"),
    ("What percent of the numbers from 1 to 50 are prime? Use code.", {}, "30"),
    ("What is 5 miles in kilometres, rounded to 2 decimals? Use code.", {}, "8.05"),
    ("Which email address in contacts.csv has no @ sign?", {"contacts.csv": AT_SIGN_CONTACTS_CSV}, "ben.mail.com"),
    ("What is the newest version in versions.txt?", {"versions.txt": VERSIONS_TXT}, "1.10.2"),
    ("How many images in gallery.html have no alt text?", {"gallery.html": GALLERY_HTML}, "2"),
    ("What is the MD5 hash of report.txt?", {"report.txt": QUARTER_REPORT_TXT}, "2233513682fdb16a0de78c2abdc32db6"),
    ("How many TODO comments are there in the .py files of this folder?",
     {"app.py": "# TODO: add tests\ndef f():\n    return 1  # TODO handle errors\n",
      "util.py": "import os\n# TODO: remove this print\nprint(os.getcwd())\n",
      "setup.py": "x = 1\n", "notes.txt": "TODO: buy milk\n"}, "3"),
    ("How many lines of todo.txt are marked done with [x]?", {"todo.txt": DONE_TODO_TXT}, "3"),
    ("How many packages does package.json list under dependencies?", {"package.json": DEPS_PACKAGE_JSON}, "4"),
    ("How many orders in orders.csv were placed in March?", {"orders.csv": MONTH_ORDERS_CSV}, "3"),
    ("What is the total length of the calls in calls.csv, in minutes (durations are mm:ss)?",
     {"calls.csv": CALL_TIMES_CSV}, "30"),
    ("How many variables does .env define, not counting comment lines?", {".env": ENV_VARS_FILE}, "4"),
    ("Which weekday comes up most often among the dates in visits.txt?", {"visits.txt": VISIT_DATES_TXT}, "monday"),
    ("How many links does page.html contain?", {"page.html": ANCHORS_HTML}, "4"),
    ("How many functions does tools.py define?", {"tools.py": SHAPES_PY}, "4"),
    ("How many sections does settings.ini have?", {"settings.ini": LOG_SECTIONS_INI}, "3"),
    ("Which column of table.csv has the most empty cells?", {"table.csv": EMPTY_CELLS_CSV}, "phone"),
]

USERS_SIGNUP_CSV = "name,signed_up\nAna,2026-03-14\nBen,2026-11-02\nCleo,2025-12-30\nDev,2026-09-18\nEli,2026-10-05\n"
SCORES_GAPS_CSV = "student,score\nAmy,80\nBob,\nCal,90\nDan,70\nEve,\nFay,85\n"
SCHEMES_LINKS_TXT = ("https://example.com/a\nhttp://example.org/b\nhttps://docs.python.org/3/\n"
                     "ftp://files.example.net/x\nhttps://news.ycombinator.com\nhttp://localhost:8000/test\n")
GMAIL_EMAILS_TXT = ("ana@gmail.com\nben@yahoo.com\nCleo.R@gmail.com\nann.gmail@yahoo.com\ndev@hotmail.com\n"
                    "eli@gmail.com\nfay@outlook.com\n")
OFFICE_STOCK_CSV = "item,price\npen,1.20\nnotebook,3.50\nstapler,7.80\ntape,2.10\nscissors,5.40\nglue,1.90\n"
NEWS_FEED_XML = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Town news</title>
    <link>https://town.example/news</link>
    <item><title>Library opens late</title><link>https://town.example/1</link></item>
    <item><title>Market moves to Sunday</title><link>https://town.example/2</link></item>
    <item><title>New bike lanes</title><link>https://town.example/3</link></item>
    <item><title>Pool closed for repairs</title><link>https://town.example/4</link></item>
  </channel>
</rss>
"""
PY_GITIGNORE = "# Python\n__pycache__/\n*.pyc\n\n# Editors\n.vscode/\n.idea/\n\n# Env\n.env\n!keep.env\n"
BACKUP_LOG_TXT = ("2026-01-03 backup done\n2026-01-10 backup done\n2026-01-31 backup done\n"
                  "2026-02-07 backup done\n2026-03-01 backup done\n2026-03-05 backup done\n")
MIXED_PHONES_TXT = "555-123-4567\n(555) 987-6543\n555.222.3333\n555-444-5555\n5551234567\n555-999-0000\n"
HIGH_LOW_CSV = "day,high,low\nMonday,21,12\nTuesday,24,11\nWednesday,19,14\nThursday,26,15\nFriday,22,8\n"
PALINDROME_WORDS_TXT = "level\napple\nradar\nnoon\npython\ncivic\nstats\nhello\n"
CITIES_ESSAY_TXT = ("Cities grow.\nPeople move to them for work and for friends.\nRents rise.\n"
                    "Some leave again when the noise, the traffic and the cost of a small flat become too much.\n"
                    "Others stay.\n")
MEETINGS_CSV = ("title,start,end\nStandup,09:00,09:15\nDesign review,10:30,11:45\nLunch with Sam,12:15,13:00\n"
                "1:1,15:00,15:30\n")
SALARIES_CSV = "name,salary\nAna,52000\nBen,61000\nCleo,61000\nDev,48000\nEli,75000\n"
PORTS_YAML = "name: shop\ndebug: false\nhttp_port: 8080\nadmin_port: 9090\ntimeout: 30\n"
PARCEL_JSON = ('{"parcel": "P-1042", "items": [{"name": "book", "weight_g": 480}, '
               '{"name": "mug", "weight_g": 350}, {"name": "lamp", "weight_g": 1270}]}\n')
HOURS_SERVER_LOG = ("2026-11-30 09:58:12 GET /\n2026-11-30 10:00:05 GET /login\n2026-11-30 10:17:40 POST /login\n"
                    "2026-11-30 10:59:59 GET /home\n2026-11-30 11:00:30 GET /logout\n2026-11-30 11:20:00 GET /\n")
SONGS_M3U = ("#EXTM3U\n#EXTINF:215,Artist A - Song One\nsong1.mp3\n#EXTINF:187,Artist B - Song Two\nsong2.mp3\n"
             "#EXTINF:242,Artist C - Song Three\nsong3.mp3\n#EXTINF:176,Artist D - Song Four\nsong4.mp3\n")

TWENTY_SEVENTH = [
    ("How many litres are 5 US gallons, rounded to 2 decimals? Use code.", {}, "18.93"),
    ("What is 250 grams in ounces, rounded to 2 decimals? Use code.", {}, "8.82"),
    ("If I save 150 a month, how many months does it take to have at least 2000? Use code.", {}, "14"),
    ("What is 5000 after 5 years at 4% interest compounded yearly, rounded to cents? Use code.", {}, "6083.26"),
    ("What does an item of 249.00 cost after a 15% discount, rounded to cents? Use code.", {}, "211.65"),
    ("Four people split a bill of 187.50 plus a 10% tip equally. How much does each pay, rounded to cents? "
     "Use code.", {}, "51.56"),
    ("What is the hex colour code of rgb(255, 165, 0)? Use code.", {}, "ffa500"),
    ("What is the URL slug of the title 'Hello World: A New Start!'? Use code.", {}, "hello-world-a-new-start"),
    ("What is 18:45 in 12-hour time with AM or PM? Use code.", {}, "6:45 pm"),
    ("What is 'a b&c' percent-encoded for a URL path? Use code.", {}, "a%20b%26c"),
    ("What do the numbers in the JSON text '{\"a\": 1, \"b\": [2, 3], \"c\": {\"d\": 4}}' add up to? Use code.",
     {}, "10"),
    ("What is the price per 100 g of a 750 g pack that costs 4.20, rounded to cents? Use code.", {}, "0.56"),
    ("How many pages does a list of 356 items need at 25 items per page? Use code.", {}, "15"),
    ("What is the percentage change from 80 to 92? Use code.", {}, "15"),
    ("Which key in config.yaml has the value 8080?", {"config.yaml": PORTS_YAML}, "http_port"),
    ("Which user in users.csv signed up most recently?", {"users.csv": USERS_SIGNUP_CSV}, "ben"),
    ("What is the average of the score column in results.csv, ignoring empty cells?",
     {"results.csv": SCORES_GAPS_CSV}, "81.25"),
    ("How many of the URLs in links.txt use https?", {"links.txt": SCHEMES_LINKS_TXT}, "3"),
    ("How many addresses in emails.txt are at gmail.com?", {"emails.txt": GMAIL_EMAILS_TXT}, "3"),
    ("How many rows of stock.csv have a price above the average price?", {"stock.csv": OFFICE_STOCK_CSV}, "2"),
    ("How many <item> elements does feed.xml have?", {"feed.xml": NEWS_FEED_XML}, "4"),
    ("How many lines of .gitignore are patterns, not comments or blank lines?", {".gitignore": PY_GITIGNORE}, "6"),
    ("What is the longest gap in days between consecutive dates in log.txt?", {"log.txt": BACKUP_LOG_TXT}, "22"),
    ("How many phone numbers in phones.txt are not written as 555-123-4567?", {"phones.txt": MIXED_PHONES_TXT},
     "3"),
    ("Which day in temps.csv had the biggest difference between high and low?", {"temps.csv": HIGH_LOW_CSV},
     "friday"),
    ("How many words in words.txt are palindromes?", {"words.txt": PALINDROME_WORDS_TXT}, "5"),
    ("Which line number of essay.txt is the longest?", {"essay.txt": CITIES_ESSAY_TXT}, "4"),
    ("How many minutes in total are the meetings in meetings.csv (start and end times)?",
     {"meetings.csv": MEETINGS_CSV}, "165"),
    ("Which name appears in both team_a.txt and team_b.txt?",
     {"team_a.txt": "Alice\nBruno\nChen\nDara\nEmil\n", "team_b.txt": "Farah\nChen\nGita\nHugo\n"}, "chen"),
    ("What is the second-highest salary in staff.csv?", {"staff.csv": SALARIES_CSV}, "61000"),
    ("What is the total weight in kg of the items in parcel.json (weights are in grams)?",
     {"parcel.json": PARCEL_JSON}, "2.1"),
    ("How many lines of server.log were logged between 10:00 and 11:00?", {"server.log": HOURS_SERVER_LOG}, "3"),
    ("How many minutes long is playlist.m3u in total, rounded to one decimal?", {"playlist.m3u": SONGS_M3U},
     "13.7"),
]


PKG_SCRIPTS_JSON = json.dumps({"name": "shop-ui", "version": "1.4.0", "scripts": {"dev": "vite", "build": "vite build", "test": "vitest run", "lint": "eslint src", "preview": "vite preview"}, "dependencies": {"react": "^18.2.0", "react-dom": "^18.2.0"}}, indent=2) + "\n"
CAFE_MENU_TXT = "Soup of the day ... 4.50\nGrilled cheese ... 6.25\nCaesar salad ... 7.80\nLemonade ... 2.95\nApple pie ... 3.70\n"
DAILY_SALES_CSV = "date,amount\n2026-11-02,120\n2026-11-03,95\n2026-11-04,210\n2026-11-05,80\n2026-11-09,140\n2026-11-10,60\n2026-11-11,190\n2026-11-12,75\n"
TEST_RESULTS_TXT = "test_login PASSED\ntest_logout PASSED\ntest_signup FAILED\ntest_cart PASSED\ntest_checkout FAILED\ntest_search PASSED\ntest_profile PASSED\n"
DOUBLED_NOTES_TXT = "We went to the the market early.\nIt was was very busy.\nThen we walked home.\nAnd and that was all.\n"
CONTACT_COLUMNS_CSV = "id,name,email,phone,city\n1,Ana,ana@example.com,555-0101,Lisbon\n2,Ben,ben@example.com,555-0102,Porto\n"
SHIP_ORDERS_CSV = "order,quantity,status\nA1,3,shipped\nA2,5,shipped\nA3,7,pending\nA4,12,shipped\nA5,5,cancelled\nA6,9,shipped\nA7,4,shipped\n"
CHANGELOG_MD = "# Changelog\n\n## 2.10.0 - 2026-11-20\n- Dark mode\n\n## 2.9.3 - 2026-10-02\n- Fix login\n\n## 2.9.10 - 2026-10-15\n- Faster search\n\n## 1.12.0 - 2026-01-05\n- First release\n"
CONTACTS_VCF = ("BEGIN:VCARD\nVERSION:3.0\nFN:Ana Silva\nTEL;TYPE=cell:+351 912 345 678\nEND:VCARD\n"
                "BEGIN:VCARD\nVERSION:3.0\nFN:Ben Costa\nEMAIL:ben@example.com\nEND:VCARD\n"
                "BEGIN:VCARD\nVERSION:3.0\nFN:Cleo Dias\nTEL:+351 213 000 111\nEMAIL:cleo@example.com\nEND:VCARD\n"
                "BEGIN:VCARD\nVERSION:3.0\nFN:Dev Rao\nEND:VCARD\n"
                "BEGIN:VCARD\nVERSION:3.0\nFN:Eli Moura\nTEL;TYPE=work:+351 222 333 444\nEND:VCARD\n")
UNITS_PRICES_CSV = "product,units,price\nkettle,40,25.00\ntoaster,25,45.00\nblender,12,89.00\nmixer,30,35.00\n"
LINKS_README_MD = ("# Shop UI\n\nSee the [docs](https://example.com/docs) and the [changelog](CHANGELOG.md).\n\n"
                   "Built with [Vite](https://vitejs.dev). Report bugs on the tracker.\n\n"
                   "License: [MIT](LICENSE)\n")
HAIKU_TXT = "An old silent pond\nA frog jumps into the pond\nSplash! Silence again\n"
GRADES_JSON = json.dumps({"students": [{"name": "Ana", "grades": [78, 85, 90]}, {"name": "Ben", "grades": [92, 70, 81]}, {"name": "Cleo", "grades": [88, 91, 79]}, {"name": "Dev", "grades": [65, 99, 84]}]}, indent=2) + "\n"
POSTGRES_CONF = ("# PostgreSQL configuration\n#max_connections = 100\nlisten_addresses = '*'\nport = 5432\n"
                 "max_connections = 250\t\t# (change requires restart)\nshared_buffers = 128MB\n")
DUE_TASKS_CSV = ("task,due,done\nInvoice March,2026-11-20,yes\nRenew domain,2026-11-28,no\nTax form,2026-12-01,no\n"
                 "Call bank,2026-10-15,no\nFix roof,2026-12-10,no\nBook flights,2026-11-30,yes\n")
TAGGED_POSTS_JSON = json.dumps([{"title": "Intro", "tags": ["rust", "cli"]}, {"title": "Async", "tags": ["rust", "tokio"]}, {"title": "Webview", "tags": ["tauri", "ui"]}, {"title": "Themes", "tags": ["ui", "css"]}, {"title": "Sandbox", "tags": ["rust", "security"]}], indent=2) + "\n"
HOURLY_EVENTS_LOG = ("2026-11-30 08:15:02 start\n2026-11-30 09:01:44 sync\n2026-11-30 14:05:00 sync\n2026-11-30 09:30:10 sync\n"
                     "2026-11-30 14:48:09 alert\n2026-11-30 14:20:31 sync\n2026-11-30 18:00:00 stop\n")
RSVP_CSV = "name,answer,guests\nAna,yes,2\nBen,no,0\nCleo,yes,1\nDev,maybe,3\nEli,yes,4\nFay,no,2\n"
STYLE_CSS = ("body { color: #333; background: #fafafa; }\na { color: #0066cc; }\n.button { background: #FF5733; border: 1px solid #c70039; }\n"
             ".note { color: rgb(10, 20, 30); }\n")
ENV_EXAMPLE = "# Copy to .env\nAPP_NAME=shop\nAPP_PORT=8080\nAPI_KEY=\nLOG_LEVEL=info\n"

TWENTY_EIGHTH = [
    ('What is the ISBN-10 check digit for the first nine digits 030640615? Use code.',
     {}, '2'),
    ("How long is the longest word in 'Pack my box with five dozen liquor jugs'? Use code.",
     {}, '6'),
    ('How many kilobytes are 3.5 megabytes, at 1024 kilobytes to the megabyte? Use code.',
     {}, '3584'),
    ('What is the area of a triangle with sides 5, 6 and 7, rounded to 2 decimals? Use code.',
     {}, '14.7'),
    ('What is the day of the year of 2027-08-15 (1 January is day 1)? Use code.',
     {}, '227'),
    ('What is the harmonic mean of 40 and 60? Use code.',
     {}, '48'),
    ('How much does 2 hours 15 minutes of work cost at 28 per hour? Use code.',
     {}, '63'),
    ('What is the first Friday after 2027-02-28? Use code.',
     {}, '2027-03-05'),
    ('How much VAT is included in a price of 59.50 at 19% VAT, rounded to cents? Use code.',
     {}, '9.5'),
    ('How many pizzas of 8 slices are needed for 27 people who each eat 3 slices? Use code.',
     {}, '11'),
    ("What is the sum of the byte values of the text 'hello', modulo 256? Use code.",
     {}, '20'),
    ('What is the compound annual growth rate from 100 to 150 over 4 years, as a percentage rounded to 2 decimals? Use code.',
     {}, '10.67'),
    ("What is the Levenshtein distance between 'kitten' and 'sitting'? Use code.",
     {}, '3'),
    ('How many scripts does the scripts section of package.json define?',
     {'package.json': PKG_SCRIPTS_JSON}, '5'),
    ('What is the total of the prices on menu.txt?',
     {'menu.txt': CAFE_MENU_TXT}, '25.2'),
    ('Which weekday had the highest sales in daily.csv?',
     {'daily.csv': DAILY_SALES_CSV}, 'wednesday'),
    ('What percentage of the tests in results.txt passed, rounded to one decimal?',
     {'results.txt': TEST_RESULTS_TXT}, '71.4'),
    ("How many times does a word repeat right after itself in notes.txt (like 'the the')?",
     {'notes.txt': DOUBLED_NOTES_TXT}, '3'),
    ('Which column of data.csv comes right after the email column?',
     {'data.csv': CONTACT_COLUMNS_CSV}, 'phone'),
    ('How many orders in orders.csv have a quantity of at least 5 and the status shipped?',
     {'orders.csv': SHIP_ORDERS_CSV}, '3'),
    ('What is the newest version listed in the headings of CHANGELOG.md?',
     {'CHANGELOG.md': CHANGELOG_MD}, '2.10.0'),
    ('How many contacts in contacts.vcf have a phone number?',
     {'contacts.vcf': CONTACTS_VCF}, '3'),
    ('Which product in sales.csv brought in the most money (units times price)?',
     {'sales.csv': UNITS_PRICES_CSV}, 'toaster'),
    ('How many Markdown links are in README.md?',
     {'README.md': LINKS_README_MD}, '4'),
    ('What is the average number of characters per line in haiku.txt, rounded to one decimal?',
     {'haiku.txt': HAIKU_TXT}, '21.7'),
    ('Which student in grades.json has the highest average grade?',
     {'grades.json': GRADES_JSON}, 'cleo'),
    ('What is max_connections set to in postgresql.conf?',
     {'postgresql.conf': POSTGRES_CONF}, '250'),
    ('How many tasks in tasks.csv are overdue on 2026-12-01 (due before that day and not done)?',
     {'tasks.csv': DUE_TASKS_CSV}, '2'),
    ('Which tag is used most often in posts.json?',
     {'posts.json': TAGGED_POSTS_JSON}, 'rust'),
    ('Which hour of the day has the most entries in events.log?',
     {'events.log': HOURLY_EVENTS_LOG}, '14'),
    ('How many guests in total said yes in rsvp.csv?',
     {'rsvp.csv': RSVP_CSV}, '7'),
    ('How many hex colour codes are in style.css?',
     {'style.css': STYLE_CSS}, '5'),
    ('Which variable in .env.example has no value?',
     {'.env.example': ENV_EXAMPLE}, 'api_key'),
]

AUTHORS_BOOKS_CSV = ("title,author,year\nA Wizard of Earthsea,Ursula K. Le Guin,1968\nGuards! Guards!,Terry Pratchett,1989\n"
                     "The Dispossessed,Ursula K. Le Guin,1974\nConsider Phlebas,Iain M. Banks,1987\nMort,Terry Pratchett,1987\n"
                     "The Left Hand of Darkness,Ursula K. Le Guin,1969\nExcession,Iain M. Banks,1996\n")
VIDEO_DURATIONS_JSON = json.dumps([{"title": "Intro", "duration": 754}, {"title": "Setup", "duration": 1846}, {"title": "Deep dive", "duration": 4320}, {"title": "Q&A", "duration": 2080}], indent=2) + "\n"
CHECKLIST_TODO_MD = ("# Release\n\n- [x] Write changelog\n- [ ] Tag the release\n- [ ] Publish packages\n  - [ ] crates.io\n"
                     "  - [X] npm\n- [x] Update docs\n\nNotes: use `- [ ]` for open items.\n")
MIXED_PATHS_TXT = "src/main.py\nsrc/util.py\nREADME.md\ndocs/guide.md\ntests/test_main.py\nsetup.cfg\nbackup.tar.gz\ndocs/api.md\nscripts/build.py\n"
REPEAT_ORDERS_CSV = ("order_id,customer,total\n1001,ana,25.00\n1002,ben,12.50\n1003,ana,8.00\n1004,cleo,40.00\n1005,dev,15.00\n"
                     "1006,cleo,9.90\n1007,eli,22.00\n1008,ana,5.00\n1009,eli,30.00\n")
WEEKEND_TEMPS_CSV = ("date,temp\n2026-11-23,4\n2026-11-24,6\n2026-11-25,5\n2026-11-26,3\n2026-11-27,7\n2026-11-28,9\n2026-11-29,6\n"
                  "2026-11-30,2\n2026-12-01,1\n2026-12-02,4\n2026-12-03,5\n2026-12-04,3\n2026-12-05,8\n2026-12-06,5\n")
DAILY_STEPS_CSV = ("date,steps\n2026-11-01,6200\n2026-11-02,8100\n2026-11-03,5400\n2026-11-04,9900\n2026-11-05,7000\n"
                   "2026-11-06,12500\n2026-11-07,3000\n")
DU_KB_TXT = "2048\t./logs/app.log\n512\t./logs/old.log\n2048\t./data/db.sqlite\n1536\t./cache/index.bin\n1536\t./assets/logo.png\n"
UTILS_PY = ('import os\n\n\ndef slugify(text):\n    text = text.lower().strip()\n    return "-".join(text.split())\n\n\n'
            'def read_config(path):\n    if not os.path.exists(path):\n        return {}\n    config = {}\n    with open(path) as f:\n'
            '        for line in f:\n            if "=" in line:\n                key, value = line.split("=", 1)\n'
            '                config[key.strip()] = value.strip()\n    return config\n\n\n'
            'def clamp(value, low, high):\n    return max(low, min(high, value))\n\n\n'
            'def chunks(items, size):\n    for i in range(0, len(items), size):\n        yield items[i:i + size]\n')
INVOICE_XML = ('<?xml version="1.0"?>\n<invoice number="2026-118">\n  <line><item>Paper</item><amount>12.50</amount></line>\n'
               '  <line><item>Toner</item><amount>48.00</amount></line>\n  <line><item>Pens</item><amount>6.75</amount></line>\n'
               '  <line><item>Binder</item><amount>20.00</amount></line>\n  <shipping>5.00</shipping>\n  <total>92.25</total>\n</invoice>\n')
STAFF_SALARIES_CSV = ("name,dept,salary\nAna,eng,72000\nBen,ops,48000\nCleo,eng,81000\nDev,sales,52000\nEli,ops,45000\n"
                      "Fay,eng,66000\nGus,sales,58000\n")
SURVEY_CSV = "respondent,q1,q2,q3\n1,yes,no,yes\n2,no,yes,yes\n3,yes,yes,no\n4,yes,no,no\n5,no,yes,yes\n6,yes,yes,yes\n7,no,no,yes\n8,yes,yes,no\n"
REPOS_JSON = json.dumps([{"name": "ripgrep", "language": "Rust", "stars": 480}, {"name": "httpie", "language": "Python", "stars": 350}, {"name": "fd", "language": "Rust", "stars": 330}, {"name": "black", "language": "Python", "stars": 390}, {"name": "jq", "language": "C", "stars": 300}], indent=2) + "\n"
GRID_CSV = "a,b,c,d\n1,,3,4\n,6,,8\n9,10,11,\n13,14,15,16\n"
CRONTAB_TXT = ("# m h dom mon dow command\n0 0 * * * /usr/local/bin/backup.sh\n30 0 * * * /usr/local/bin/rotate-logs\n"
               "@daily /usr/local/bin/cleanup-tmp\n0 0 * * 1 /usr/local/bin/weekly-report\n# 0 0 * * * /usr/local/bin/old-sync\n"
               "0 0 * * * /usr/local/bin/renew-certs\n*/15 * * * * /usr/local/bin/poll\n")
LATENCY_TXT = "GET /api/items 120ms\nGET /api/items 95ms\nPOST /api/orders 340ms\nGET /api/users 88ms\nGET /api/items 1020ms\nPOST /api/login 150ms\nGET /health 12ms\n"
QUOTA_CSV = "user,used_gb,limit_gb\nhugo,45,50\nben,90,200\ncleo,8,10\ndev,120,500\neli,70,100\n"
CREDIT_DEBIT_CSV = ("date,type,amount\n2026-11-01,credit,2500.00\n2026-11-03,debit,820.50\n2026-11-10,debit,64.20\n"
                    "2026-11-15,credit,300.00\n2026-11-20,debit,1200.00\n2026-11-28,debit,45.30\n")
HOSTS_TXT = ("127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n# 10.0.0.5\told-nas\n10.0.0.4\tdb.lan\n10.0.0.5\tbackup.lan\n"
             "10.0.0.50\tprinter.lan\n")
CARGO_PINS_TOML = ('[package]\nname = "tool"\nversion = "0.3.0"\nedition = "2021"\n\n[dependencies]\nserde = "1.0"\n'
                   'tokio = { version = "=1.38.0", features = ["full"] }\nregex = "=1.10.4"\nanyhow = "1"\nclap = { version = "4.5", features = ["derive"] }\n\n'
                   '[dev-dependencies]\ntempfile = "3.10"\n')
CAPTIONS_SRT = ("1\n00:00:01,000 --> 00:00:03,500\nHello and welcome back.\n\n2\n00:00:04,000 --> 00:00:07,200\nToday we fix the login bug.\n\n"
                "3\n00:00:08,000 --> 00:00:10,000\nLet's get started.\n")
TWENTY_NINTH = [
    ('What is the dot product of the vectors (2, -1, 3) and (4, 6, 5)? Use code.',
     {}, '17'),
    ('What digit must be appended to 7992739871 for it to pass the Luhn check? Use code.',
     {}, '3'),
    ('What is the angle in degrees between the vectors (1, 0) and (1, 1)? Use code.',
     {}, '45'),
    ('What are the last three digits of 7 to the power 223? Use code.',
     {}, '343'),
    ('What is the 10th term of the geometric sequence 3, 6, 12, ...? Use code.',
     {}, '1536'),
    ('What is the slope of the line through (1, 4) and (5, 16)? Use code.',
     {}, '3'),
    ('What is the smallest whole number n for which 2 to the power n is more than one million? Use code.',
     {}, '20'),
    ('What is the weighted average of the grades 80, 90 and 70 with the weights 2, 3 and 1, rounded to 2 decimals? Use code.',
     {}, '83.33'),
    ('What is the next prime number after 1000? Use code.',
     {}, '1009'),
    ('A town of 12000 people grows by 3% a year. How many people will it have after 5 years, rounded to a whole number? Use code.',
     {}, '13911'),
    ('What is the reverse complement of the DNA sequence ATGCGTAC? Use code.',
     {}, 'gtacgcat'),
    ('What is the check digit of the EAN-13 barcode that starts with 400638133393? Use code.',
     {}, '1'),
    ('Which author in books.csv has the most books?',
     {'books.csv': AUTHORS_BOOKS_CSV}, 'le guin'),
    ('What is the total length in hours of the videos in videos.json, whose durations are in seconds? Round to 2 decimals.',
     {'videos.json': VIDEO_DURATIONS_JSON}, '2.5'),
    ('How many unchecked items are in todo.md?',
     {'todo.md': CHECKLIST_TODO_MD}, '3'),
    ('What is the most common file extension in paths.txt?',
     {'paths.txt': MIXED_PATHS_TXT}, 'py'),
    ('How many customers in orders.csv ordered more than once?',
     {'orders.csv': REPEAT_ORDERS_CSV}, '3'),
    ('What is the average temperature on weekend days in temps.csv?',
     {'temps.csv': WEEKEND_TEMPS_CSV}, '7'),
    ('Which day in steps.csv had the biggest increase over the day before?',
     {'steps.csv': DAILY_STEPS_CSV}, '2026-11-06'),
    ('What is the total size in megabytes (1 MB = 1024 KB) of the files listed in du.txt, whose sizes are in kilobytes?',
     {'du.txt': DU_KB_TXT}, '7.5'),
    ('Which function in utils.py has the most lines?',
     {'utils.py': UTILS_PY}, 'read_config'),
    ('What is the sum of the amount elements in invoice.xml?',
     {'invoice.xml': INVOICE_XML}, '87.25'),
    ('How many employees in staff.csv earn more than the average salary?',
     {'staff.csv': STAFF_SALARIES_CSV}, '3'),
    ('What percentage of the people in survey.csv answered yes to q2?',
     {'survey.csv': SURVEY_CSV}, '62.5'),
    ('Which language in repos.json has the most stars in total?',
     {'repos.json': REPOS_JSON}, 'rust'),
    ('How many empty cells are there in grid.csv?',
     {'grid.csv': GRID_CSV}, '4'),
    ('How many jobs in crontab.txt run every day at midnight?',
     {'crontab.txt': CRONTAB_TXT}, '3'),
    ('What is the median response time in latency.txt?',
     {'latency.txt': LATENCY_TXT}, '120'),
    ('Which user in quota.csv has used the largest share of their limit?',
     {'quota.csv': QUOTA_CSV}, 'hugo'),
    ('What is the net balance of ledger.csv, credits minus debits?',
     {'ledger.csv': CREDIT_DEBIT_CSV}, '670'),
    ('Which host name in hosts.txt points to 10.0.0.5?',
     {'hosts.txt': HOSTS_TXT}, 'backup.lan'),
    ('How many dependencies in Cargo.toml are pinned to an exact version?',
     {'Cargo.toml': CARGO_PINS_TOML}, '2'),
    ('How many words are spoken in total in captions.srt?',
     {'captions.srt': CAPTIONS_SRT}, '13'),
]


RATED_BOOKS_JSON = json.dumps([{"title": "Dune", "year": 1965, "rating": 4.3}, {"title": "The Road", "year": 2006, "rating": 3.9},
                               {"title": "Gilead", "year": 2004, "rating": 4.1}, {"title": "Neuromancer", "year": 1984, "rating": 3.9},
                               {"title": "White Teeth", "year": 2000, "rating": 3.8}, {"title": "Piranesi", "year": 2020, "rating": 4.4},
                               {"title": "Atonement", "year": 2001, "rating": 4.0}], indent=2) + "\n"
NOT_FOUND_LOG = ('10.1.1.2 - - [01/Dec/2026:10:00:01 +0000] "GET /index.html HTTP/1.1" 200 5120\n'
                 '10.1.1.3 - - [01/Dec/2026:10:00:04 +0000] "GET /old-page HTTP/1.1" 404 312\n'
                 '10.1.1.2 - - [01/Dec/2026:10:00:09 +0000] "GET /favicon.ico HTTP/1.1" 404 312\n'
                 '10.1.1.4 - - [01/Dec/2026:10:01:15 +0000] "GET /old-page HTTP/1.1" 404 312\n'
                 '10.1.1.5 - - [01/Dec/2026:10:02:00 +0000] "GET /shop/cart HTTP/1.1" 200 404\n'
                 '10.1.1.3 - - [01/Dec/2026:10:02:30 +0000] "GET /old-page HTTP/1.1" 404 312\n'
                 '10.1.1.6 - - [01/Dec/2026:10:03:12 +0000] "GET /api/v1/items HTTP/1.1" 404 98\n'
                 '10.1.1.2 - - [01/Dec/2026:10:04:45 +0000] "GET /shop/cart HTTP/1.1" 200 404\n'
                 '10.1.1.7 - - [01/Dec/2026:10:05:05 +0000] "GET /shop/cart HTTP/1.1" 200 404\n')
PYPROJECT_REQ_TOML = ('[project]\nname = "ledgerly"\nversion = "2.1.0"\nrequires-python = ">=3.10"\n'
                      'dependencies = ["requests>=2.31", "click>=8.1"]\n\n[tool.black]\ntarget-version = ["py311"]\n')
CONFIG_EMPTY_ENV = ("APP_NAME=shop\nAPI_KEY=\nDEBUG=false\n# SENTRY_DSN=\nSMTP_HOST=\nSMTP_PORT=587\nCACHE_URL=\n"
                    "LOG_LEVEL=info\n")
TOOLS_INVENTORY_CSV = ("item,category,quantity,unit_price\nhammer,tools,4,12.50\npaint roller,paint,10,3.20\nwrench,tools,6,8.75\n"
                       "rake,garden,3,15.00\nscrewdriver set,tools,2,22.00\nbrush,paint,12,2.40\nshovel,garden,2,19.90\n")
TIMED_EVENTS_CSV = ("timestamp,event\n2026-12-01 08:45:00,login\n2026-12-01 09:10:00,upload\n2026-12-01 10:30:00,share\n"
                    "2026-12-01 11:59:00,logout\n2026-12-01 12:15:00,login\n2026-12-01 13:00:00,upload\n2026-12-01 09:45:00,comment\n")
DEV_PACKAGE_JSON = json.dumps({"name": "webapp", "version": "1.4.0", "dependencies": {"react": "^18.2.0", "react-dom": "^18.2.0", "zod": "^3.22.0"},
                               "devDependencies": {"typescript": "^5.4.0", "vite": "^5.2.0", "eslint": "^8.57.0", "prettier": "^3.2.0", "vitest": "^1.5.0"}}, indent=2) + "\n"
RANKED_SCORES_TXT = "mia: 88\nleo: 95\nzoe: 91\nkai: 79\nnoa: 93\nivy: 85\n"
SESSIONS_CSV = "user,start,end\nana,09:05,09:50\nben,10:40,12:05\ncleo,13:15,14:20\ndev,15:30,16:10\neli,08:20,09:35\n"
BULLET_NOTES_MD = ("# Notes\n\n## Groceries\n- milk\n- eggs\n- bread\n- coffee\n\n## Work\n- send report\n- review PR\n  - check tests\n"
                   "- book room\n- call Sam\n- update roadmap\n\n## Ideas\n- garden app\n- trip to Porto\n- learn Go\n")
FAHRENHEIT_CSV = "date,high_f\n2026-07-01,84\n2026-07-02,91\n2026-07-03,95\n2026-07-04,88\n2026-07-05,79\n"
WIDGET_ORDERS_JSON = json.dumps([{"id": 1, "items": [{"name": "widget", "qty": 3}, {"name": "gadget", "qty": 1}]},
                                 {"id": 2, "items": [{"name": "gizmo", "qty": 5}]},
                                 {"id": 3, "items": [{"name": "widget", "qty": 7}, {"name": "widget stand", "qty": 2}]},
                                 {"id": 4, "items": [{"name": "gadget", "qty": 2}, {"name": "widget", "qty": 1}]}], indent=2) + "\n"
ENABLED_INI = ("[cache]\nenabled = true\nsize = 256\n\n[mail]\nenabled = false\n\n[search]\nenabled = true\n\n"
               "[metrics]\n; enabled = true\ninterval = 60\n\n[backup]\nenabled = True\n")
CITIES_TSV = "city\tpopulation\tarea_km2\nAlba\t120000\t60\nBrook\t450000\t310\nCedar\t80000\t25\nDune\t900000\t820\n"
COMMITS_TXT = ("commit 9f1c2a7\nAuthor: Ana Silva <ana@example.org>\nDate:   Mon Nov 30 10:12:00 2026\n\n    Fix login redirect\n\n"
               "commit 3b7e9d1\nAuthor: Ben Okafor <ben@example.org>\nDate:   Mon Nov 30 09:40:00 2026\n\n    Add CSV export\n\n"
               "commit 77aa0e2\nAuthor: Ana Silva <ana@example.org>\nDate:   Sun Nov 29 18:05:00 2026\n\n    Review notes from Ben Okafor\n\n"
               "commit 1d2e3f4\nAuthor: Cleo Park <cleo@example.org>\nDate:   Sun Nov 29 11:30:00 2026\n\n    Bump version\n\n"
               "commit 0a9b8c7\nAuthor: Ben Okafor <ben@example.org>\nDate:   Sat Nov 28 16:20:00 2026\n\n    Thanks Ben Okafor and Cleo Park\n\n"
               "commit 5e6f7a8\nAuthor: Ana Silva <ana@example.org>\nDate:   Sat Nov 28 09:00:00 2026\n\n    Initial import\n")
ANAGRAM_WORDS_TXT = "silent\nenlist\nstone\ntinsel\nlistens\ninlets\nglisten\nnotes\n"
CITY_USERS_JSON = json.dumps([{"name": "Ana", "address": {"street": "Hauptstr. 1", "city": "Berlin"}},
                              {"name": "Ben", "address": {"street": "Elbchaussee 4", "city": "Hamburg"}},
                              {"name": "Cleo", "address": {"street": "Unter den Linden 7", "city": "Berlin"}},
                              {"name": "Dev", "address": {"street": "Berliner Platz 2", "city": "Munich"}},
                              {"name": "Eli", "address": {"street": "Kastanienallee 9", "city": "Berlin"}}], indent=2) + "\n"
JUNIT_XML = ('<?xml version="1.0"?>\n<testsuite name="api" tests="4" time="1.25">\n'
             '  <testcase name="test_login" time="0.250"/>\n  <testcase name="test_logout" time="0.125"/>\n'
             '  <testcase name="test_export" time="0.600"/>\n  <testcase name="test_import" time="0.225"/>\n</testsuite>\n')
PAYMENTS_CSV = "id,amount,currency\n1,120.00,USD\n2,50.00,EUR\n3,80.00,USD\n4,200.00,EUR\n5,15.50,USD\n"
MAIN_GO = ('package main\n\n// main starts the server.\nimport (\n\t"fmt"\n\t"net/http"\n)\n\n/*\nRoutes:\n  / and /health\n*/\n'
           'func main() {\n\t// the address comes from the env later\n\turl := "http://localhost:8080"\n\thttp.HandleFunc("/", handler)\n'
           '\tfmt.Println("listening on", url)\n\t// TODO: graceful shutdown\n\thttp.ListenAndServe(":8080", nil)\n}\n\n'
           '// handler answers every request.\nfunc handler(w http.ResponseWriter, r *http.Request) {\n\tfmt.Fprintln(w, "ok")\n}\n')
PY_TREE = {"project/app.py": "print('hi')\n", "project/empty.py": "", "project/pkg/__init__.py": "", "project/pkg/util.py": "def f():\n    return 1\n",
           "tests/test_app.py": "", "tests/conftest.py": "import pytest\n", "notes.txt": ""}
THIRTIETH = [
    ('What is the 12th Catalan number? Use code.',
     {}, '208012'),
    ('How many 5-card hands from a 52-card deck have all five cards of the same suit? Use code.',
     {}, '5148'),
    ('Which two-digit number is equal to twice the product of its digits? Use code.',
     {}, '36'),
    ('An item costs 59.50 with 19% tax included. What is its price before tax? Use code.',
     {}, '50'),
    ('How many full weeks are there between 2026-03-01 and 2026-12-25? Use code.',
     {}, '42'),
    ('How many integers from 1 to 1000 are divisible by 3 or by 5 but not by both? Use code.',
     {}, '401'),
    ('What is the alternating sum of the digits of 918273645 (the first minus the second plus the third, and so on)? Use code.',
     {}, '25'),
    ('What does 5000 grow to at 4% a year compounded monthly for 3 years, rounded to cents? Use code.',
     {}, '5636.36'),
    ('Shift each letter of the word python 3 places forward in the alphabet. What word do you get? Use code.',
     {}, 'sbwkrq'),
    ('What is the sum of the squares of the first 15 odd numbers? Use code.',
     {}, '4495'),
    ('In how many ways can 8 people sit in a row if two of them must sit next to each other? Use code.',
     {}, '10080'),
    ('What is the population standard deviation of 1, 3, 5, 7 and 9, rounded to 2 decimals? Use code.',
     {}, '2.83'),
    ('What is the average rating of the books in books.json published after 2000?',
     {'books.json': RATED_BOOKS_JSON}, '4.1'),
    ('Which URL path in access.log got the most 404 responses?',
     {'access.log': NOT_FOUND_LOG}, 'old-page'),
    ('What Python version does pyproject.toml require at least?',
     {'pyproject.toml': PYPROJECT_REQ_TOML}, '3.10'),
    ('How many keys in config.env have an empty value?',
     {'config.env': CONFIG_EMPTY_ENV}, '3'),
    ('What is the total value (quantity times unit price) of the items in the tools category of inventory.csv?',
     {'inventory.csv': TOOLS_INVENTORY_CSV}, '146.5'),
    ('How many events in events.csv happened between 09:00 and 12:00?',
     {'events.csv': TIMED_EVENTS_CSV}, '4'),
    ('How many devDependencies does package.json have?',
     {'package.json': DEV_PACKAGE_JSON}, '5'),
    ('Who has the second highest score in scores.txt?',
     {'scores.txt': RANKED_SCORES_TXT}, 'noa'),
    ('What is the longest session in sessions.csv, in minutes?',
     {'sessions.csv': SESSIONS_CSV}, '85'),
    ('Which heading in notes.md has the most bullet points under it?',
     {'notes.md': BULLET_NOTES_MD}, 'work'),
    ('What is the highest temperature in weather.csv in degrees Celsius, rounded to 1 decimal? The file gives Fahrenheit.',
     {'weather.csv': FAHRENHEIT_CSV}, '35'),
    ('What is the total quantity of widgets across all orders in orders.json?',
     {'orders.json': WIDGET_ORDERS_JSON}, '11'),
    ('How many sections in settings.ini have enabled = true?',
     {'settings.ini': ENABLED_INI}, '3'),
    ('Which city in cities.tsv has the highest population density?',
     {'cities.tsv': CITIES_TSV}, 'cedar'),
    ('Which author made the most commits in commits.txt?',
     {'commits.txt': COMMITS_TXT}, 'ana silva'),
    ('How many words in words.txt are anagrams of listen?',
     {'words.txt': ANAGRAM_WORDS_TXT}, '4'),
    ('How many users in users.json live in Berlin?',
     {'users.json': CITY_USERS_JSON}, '3'),
    ('What is the total time in milliseconds of the test cases in junit.xml?',
     {'junit.xml': JUNIT_XML}, '1200'),
    ('How many .py files in this folder and its subfolders are empty?',
     PY_TREE, '3'),
    ('What is the total of the amounts in payments.csv in US dollars, if 1 EUR is 1.10 USD?',
     {'payments.csv': PAYMENTS_CSV}, '490.5'),
    ('How many lines of main.go are comments?',
     {'main.go': MAIN_GO}, '8'),
]

# The thirty-first set: drafts checked against the thirty earlier sets (difflib, and a search for
# the same file and question); none holds its own answer.
WEB_COMPOSE_YML = 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "8080:80"\n    expose:\n      - "9000"\n    depends_on:\n      - api\n  api:\n    build: ./api\n    ports:\n      - "3000:3000"\n    expose:\n      - "9229"\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PORT: "5432"\n'
NEGATED_GITIGNORE = '# build output\ndist/\nbuild/\n*.log\n!important.log\n\n# env files\n.env*\n!.env.example\n# keep the folder, not its files\ntmp/*\n!tmp/.gitkeep\n# not a negation: \\!literal.txt\n\\!literal.txt\n'
LINKS_PAGE_HTML = '<html><body>\n<nav><a href="/">Home</a> <a href="/about.html">About</a></nav>\n<p>See <a href="https://python.org">Python</a> and <a href="http://example.com/docs">the docs</a>.</p>\n<p><a href="#top">Back to top</a> <a href="contact.html">Contact</a> <a href="https://github.com/example/repo">Source</a> <a href="mailto:me@example.com">Mail me</a></p>\n<!-- <a href="https://old.example.net">old link</a> -->\n</body></html>\n'
SHOP_SCHEMA_SQL = '-- shop schema\nCREATE TABLE customers (\n  id INTEGER PRIMARY KEY,\n  name TEXT NOT NULL\n);\n\nCREATE TABLE orders (\n  id INTEGER PRIMARY KEY,\n  customer_id INTEGER REFERENCES customers(id),\n  created_at TEXT\n);\n\n-- CREATE TABLE coupons (code TEXT);  dropped in v2\nCREATE INDEX idx_orders_customer ON orders(customer_id);\n\ncreate table if not exists order_items (\n  order_id INTEGER,\n  sku TEXT,\n  qty INTEGER\n);\n\nCREATE VIEW big_orders AS SELECT * FROM orders;\n'
DATED_SALES_CSV = 'date,product,amount\n2026-01-05,pen,120\n2026-01-19,ink,80\n2026-02-02,pad,310\n2026-02-27,pen,45\n2026-03-03,ink,150\n2026-03-15,pad,90\n2026-03-30,pen,60\n2026-04-11,pad,240\n'
TIMED_API_LOG = 'GET /users 200 120ms\nPOST /users 201 340ms\nGET /users/7 200 80ms\nGET /orders 500 1000ms\nDELETE /users/7 204 60ms\nGET /health 200 4ms\nPOST /orders 201 410ms\n'
STAGED_DOCKERFILE = 'FROM node:20 AS build\nWORKDIR /app\nCOPY . .\nRUN npm ci && npm run build\n\nFROM golang:1.22 AS tools\nRUN go install example.com/tool@latest\n\nFROM nginx:1.27-alpine\nCOPY --from=build /app/dist /usr/share/nginx/html\n# FROM debian:12 was the old base\n'
LONG_WORDS_STORY_TXT = 'The garden was quiet. The old gardener watered the roses, and the roses grew.\nEvery morning the gardener walked the garden paths. The birds sang to the roses and the gardener.\nWhen winter came, the roses slept, and the gardener waited for spring, as every gardener does.\n'
WEEKEND_GITLOG_TXT = 'commit 9f1c2a7\nAuthor: Ana <ana@example.com>\nDate:   Sat Mar 7 10:12:03 2026 +0100\n\n    Fix login\n\ncommit 3b7d9e1\nAuthor: Ben <ben@example.com>\nDate:   Mon Mar 9 09:00:41 2026 +0100\n\n    Add tests for Saturday schedule\n\ncommit 77aa013\nAuthor: Ana <ana@example.com>\nDate:   Sun Mar 15 22:45:10 2026 +0100\n\n    Bump version\n\ncommit c0ffee1\nAuthor: Cleo <cleo@example.com>\nDate:   Fri Mar 20 17:30:00 2026 +0100\n\n    Merge branch sunday-fixes\n\ncommit 12ab34c\nAuthor: Ben <ben@example.com>\nDate:   Sat Mar 21 08:05:55 2026 +0100\n\n    Update docs\n'
PHONY_MAKEFILE = '.PHONY: all test\n\nall: build\n\nbuild: main.o\n\tcc -o app main.o\n\ntest: build\n\t./run-tests.sh\n\n.PHONY: clean\nclean:\n\trm -f app *.o\n\n# .PHONY: lint  (lint was removed)\ninstall: build\n\tcp app /usr/local/bin\n'
VHOSTS_NGINX_CONF = 'server {\n    listen 80;\n    server_name example.org;\n    root /var/www/org;\n}\n\nserver {\n    listen 8081;\n    server_name example.com www.example.com;\n    location / {\n        proxy_pass http://127.0.0.1:9000;\n    }\n}\n\nserver {\n    listen 443 ssl;\n    server_name shop.example.com;\n}\n'
SENTENCES_ESSAY_TXT = 'Cities grow. They grow because people move to them for work, for school and for each other. Growth has costs! Rents rise, roads fill and parks shrink. Can a city grow without losing what made people come? Some say yes.\n'
TWO_TESTS_GRADES_CSV = 'student,test1,test2\nava,72,80\nbruno,55,71\ncyrus,90,88\ndee,64,79\neli,81,95\n'
GAPPY_DATA_CSV = 'id,name,age,city\n1,ann,34,Oslo\n2,ben,,Rome\n3,cara,29,\n4,dan,41,Lima\n5,,38,Kyiv\n6,eve,27,Nice\n'
HOSTS_SSH_CONFIG = 'Host *\n    User admin\n    ServerAliveInterval 60\n\nHost staging\n    HostName 10.0.0.5\n    User deploy\n\nHost prod\n    HostName 203.0.113.9\n    User mira\n    Port 2222\n\nHost prod-db\n    HostName 203.0.113.10\n    User dba\n'
LINES_INVOICE_JSON = '{\n  "invoice": "INV-0042",\n  "customer": "acme",\n  "total_items": 4,\n  "lines": [\n    {\n      "item": "widget",\n      "qty": 3,\n      "price": 12.5\n    },\n    {\n      "item": "gadget",\n      "qty": 1,\n      "price": 40.0\n    },\n    {\n      "item": "cable",\n      "qty": 4,\n      "price": 2.25\n    },\n    {\n      "item": "case",\n      "qty": 2,\n      "price": 15.0\n    }\n  ]\n}\n'
DELAYED_FLIGHTS_CSV = 'flight,origin,destination,delay_min\nAA10,JFK,LAX,25\nBA117,LHR,JFK,40\nDL402,JFK,ATL,0\nUA88,EWR,SFO,15\nB6 615,JFK,BOS,35\nAF22,CDG,JFK,60\n'
DATED_FEED_XML = '<?xml version="1.0"?>\n<rss version="2.0"><channel>\n<title>Notes</title>\n<pubDate>Mon, 02 Nov 2026 08:00:00 GMT</pubDate>\n<item><title>Year in review 2025</title><pubDate>Wed, 31 Dec 2025 18:00:00 GMT</pubDate></item>\n<item><title>New year</title><pubDate>Thu, 01 Jan 2026 09:00:00 GMT</pubDate></item>\n<item><title>Spring</title><pubDate>Fri, 20 Mar 2026 12:00:00 GMT</pubDate></item>\n<item><title>Plans for 2026</title><pubDate>Sun, 14 Dec 2025 10:00:00 GMT</pubDate></item>\n<item><title>Autumn</title><pubDate>Mon, 02 Nov 2026 08:00:00 GMT</pubDate></item>\n</channel></rss>\n'
PINNED_POETRY_LOCK = '[[package]]\nname = "certifi"\nversion = "2026.1.4"\ndescription = "Python package for providing Mozilla\'s CA Bundle."\n\n[[package]]\nname = "requests"\nversion = "2.32.5"\ndescription = "Python HTTP for Humans."\n\n[package.dependencies]\ncertifi = ">=2017.4.17"\nurllib3 = ">=1.21.1,<3"\n\n[[package]]\nname = "requests-toolbelt"\nversion = "1.0.0"\ndescription = "A utility belt for advanced users of python-requests"\n\n[package.dependencies]\nrequests = ">=2.0.1,<3.0.0"\n\n[[package]]\nname = "urllib3"\nversion = "2.5.0"\ndescription = "HTTP library."\n'
SHIFTS_TIMESHEET_CSV = 'name,date,start,end\nbob,2026-11-02,09:00,17:30\nann,2026-11-02,08:00,12:00\nbob,2026-11-03,10:15,14:45\nbob,2026-11-04,22:00,23:30\nann,2026-11-04,13:00,18:00\n'
THIRTY_FIRST = [
    ('What is the sum of all three-digit palindromes? Use code.',
     {}, '49500'),
    ('What is the smallest positive number that leaves a remainder of 1 when divided by 2, 3, 4, 5 or 6 and is divisible by 7? Use code.',
     {}, '301'),
    ('What is the first Fibonacci number that has 10 digits? Use code.',
     {}, '1134903170'),
    ('In how many ways can you make change for a dollar with pennies, nickels, dimes and quarters? Use code.',
     {}, '242'),
    ('A car drives 150 km at 60 km/h and then 150 km at 90 km/h. What is its average speed in km/h? Use code.',
     {}, '72'),
    ('How many diagonals does a 12-sided polygon have? Use code.',
     {}, '54'),
    ('How many rectangles of any size are there in a 4 by 4 grid of squares? Use code.',
     {}, '100'),
    ('Three consecutive even numbers add up to 138. What is the largest of them? Use code.',
     {}, '48'),
    ('What is the sum of the first 50 terms of 3, 7, 11, 15 and so on? Use code.',
     {}, '5050'),
    ('How many solutions does x + y + z = 10 have in non-negative integers? Use code.',
     {}, '66'),
    ('How many 4-digit numbers have digits that strictly increase from left to right? Use code.',
     {}, '126'),
    ('What is the sum of the whole numbers from 1 to 100 that are not divisible by 3? Use code.',
     {}, '3367'),
    ('What is the smallest perfect number greater than 28? Use code.',
     {}, '496'),
    ('Which host port does the web service publish in docker-compose.yml?',
     {'docker-compose.yml': WEB_COMPOSE_YML}, '8080'),
    ('How many patterns in .gitignore are negations?',
     {'.gitignore': NEGATED_GITIGNORE}, '3'),
    ('How many links in page.html point to other websites?',
     {'page.html': LINKS_PAGE_HTML}, '3'),
    ('How many tables does schema.sql create?',
     {'schema.sql': SHOP_SCHEMA_SQL}, '3'),
    ('Which month had the highest total sales in sales.csv? Give its name.',
     {'sales.csv': DATED_SALES_CSV}, 'february'),
    ('What is the average response time of the GET requests in api.log, in ms?',
     {'api.log': TIMED_API_LOG}, '301'),
    ('What base image does the final stage of the Dockerfile use?',
     {'Dockerfile': STAGED_DOCKERFILE}, 'nginx:1.27-alpine'),
    ('What is the most common word of more than four letters in story.txt?',
     {'story.txt': LONG_WORDS_STORY_TXT}, 'gardener'),
    ('How many commits in gitlog.txt were made on a weekend?',
     {'gitlog.txt': WEEKEND_GITLOG_TXT}, '3'),
    ('How many targets does the Makefile declare as phony?',
     {'Makefile': PHONY_MAKEFILE}, '3'),
    ('Which port does the server block for example.com listen on in nginx.conf?',
     {'nginx.conf': VHOSTS_NGINX_CONF}, '8081'),
    ('How many words are in the longest sentence of essay.txt?',
     {'essay.txt': SENTENCES_ESSAY_TXT}, '15'),
    ('Which student improved the most from test1 to test2 in grades.csv?',
     {'grades.csv': TWO_TESTS_GRADES_CSV}, 'bruno'),
    ('How many rows of data.csv have at least one missing value?',
     {'data.csv': GAPPY_DATA_CSV}, '3'),
    ('Which user does the ssh config in ssh_config use for the host prod?',
     {'ssh_config': HOSTS_SSH_CONFIG}, 'mira'),
    ("What is the total of invoice.json's line items after a 10% discount?",
     {'invoice.json': LINES_INVOICE_JSON}, '104.85'),
    ('What is the average delay in minutes of the flights leaving JFK in flights.csv?',
     {'flights.csv': DELAYED_FLIGHTS_CSV}, '20'),
    ('How many items in feed.xml were published in 2026?',
     {'feed.xml': DATED_FEED_XML}, '3'),
    ('Which version of requests does poetry.lock pin?',
     {'poetry.lock': PINNED_POETRY_LOCK}, '2.32.5'),
    ('How many hours did bob work in total according to timesheet.csv?',
     {'timesheet.csv': SHIFTS_TIMESHEET_CSV}, '14.5'),
]

# The thirty-second set: drafts checked against the thirty-one earlier sets (difflib, and a search for
# the same file and question); none holds its own answer.
HOURLY_CRONTAB_TXT = '# m h dom mon dow command\n0 * * * * /usr/local/bin/rotate-logs\n*/15 * * * * /opt/app/poll.sh\n30 * * * * /opt/app/sync.sh\n0 0 * * * /opt/app/backup.sh\n# 0 * * * * /opt/app/old-report.sh\n15 9 * * 1-5 /opt/app/weekday-check.sh\n0 */2 * * * /opt/app/every-two-hours.sh\n@hourly /opt/app/heartbeat.sh\n'
DEPT_STAFF_CSV = 'name,department,salary,hired\nalma,engineering,98000,2019-04-01\nbjorn,sales,61000,2024-02-15\ncarla,engineering,105000,2024-07-01\ndev,engineering,87000,2021-11-20\nelin,marketing,72000,2023-12-31\nfaye,Engineering,120000,2025-01-06\ngus,sales,58000,2020-05-05\nhana,engineering,91000,2024-01-01\n'
STOCK_PRODUCTS_JSON = '{\n  "products": [\n    {\n      "name": "desk lamp",\n      "price": 24.99,\n      "in_stock": true\n    },\n    {\n      "name": "notebook",\n      "price": 3.5,\n      "in_stock": false\n    },\n    {\n      "name": "stapler",\n      "price": 7.25,\n      "in_stock": true\n    },\n    {\n      "name": "pen set",\n      "price": 5.0,\n      "in_stock": true\n    },\n    {\n      "name": "eraser",\n      "price": 0.99,\n      "in_stock": false\n    },\n    {\n      "name": "ruler",\n      "price": 12.0,\n      "in_stock": true\n    }\n  ]\n}\n'
PORT_APP_ENV = '# app settings\nAPP_NAME=shop\n# PORT=3000\nPORT=8088\nDB_HOST=localhost\nDB_PORT=5432\nREDIS_URL=redis://localhost:6379\n'
STEPS_CI_YML = 'name: ci\non: [push, pull_request]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm run lint\n  build:\n    runs-on: ubuntu-latest\n    needs: lint\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: 20\n      - run: npm ci\n      # - run: npm audit\n      - run: npm run build\n      - name: upload\n        uses: actions/upload-artifact@v4\n        with:\n          name: dist\n          path: dist/\n  test:\n    runs-on: ubuntu-latest\n    needs: build\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n'
SWING_TEMPS_CSV = 'date,high,low\n2026-06-01,24,13\n2026-06-02,27,12\n2026-06-03,31,22\n2026-06-04,22,15\n2026-06-05,29,11\n2026-06-06,33,20\n'
COUNTRY_ORDERS_CSV = 'order_id,customer,country,qty,unit_price\n1001,maple co,Canada,3,20.00\n1002,lone star,USA,5,12.50\n1003,north ltd,canada,2,45.00\n1004,maple co,Canada,1,99.90\n1005,rio sa,Brazil,10,3.00\n1006,yukon inc,Canada,4,7.25\n'
TIMED_APP_LOG = '2026-11-30 09:14:02 INFO start\n2026-11-30 10:02:45 ERROR disk slow\n2026-11-30 11:59:59 ERROR timeout on /api\n2026-11-30 12:00:00 WARN retry\n2026-11-30 12:30:10 ERROR timeout on /api\n2026-11-30 13:05:00 INFO ok\n2026-11-30 17:45:21 ERROR disk full\n2026-11-30 23:10:09 ERROR lost connection\n2026-11-30 23:59:00 INFO ERROR count reset\n'
TOOLCHAIN_GO_MOD = 'module example.com/shop\n\ngo 1.22\n\ntoolchain go1.23.4\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.1.0\n\tgolang.org/x/sync v0.8.0\n)\n'
OPTIONAL_CARGO_TOML = '[package]\nname = "shop"\nversion = "0.3.0"\nedition = "2021"\n\n[dependencies]\nserde = { version = "1", features = ["derive"] }\ntokio = { version = "1", optional = true }\nreqwest = { version = "0.12", optional = true, default-features = false }\nlog = "0.4"\n# rayon = { version = "1", optional = true }\nsqlx = { version = "0.8", optional = false }\n\n[dev-dependencies]\nproptest = { version = "1", optional = false }\n\n[features]\nnet = ["dep:tokio", "dep:reqwest"]\n'
USERS_SEED_SQL = "-- seed data\nINSERT INTO roles (id, name) VALUES (1, 'admin'), (2, 'user');\n\nINSERT INTO users (id, name, role_id) VALUES\n  (1, 'ana', 1),\n  (2, 'ben', 2),\n  (3, 'cleo', 2),\n  (4, 'dov', 2);\n\n-- INSERT INTO users (id, name, role_id) VALUES (9, 'test', 2);\nINSERT INTO users (id, name, role_id) VALUES (5, 'eve', 1);\n"
BYTES_ACCESS_LOG = '10.0.0.1 - - [30/Nov/2026:10:00:01 +0000] "GET / HTTP/1.1" 200 5120\n10.0.0.2 - - [30/Nov/2026:10:00:07 +0000] "GET /missing HTTP/1.1" 404 310\n10.0.0.1 - - [30/Nov/2026:10:01:12 +0000] "GET /app.js HTTP/1.1" 200 20480\n10.0.0.3 - - [30/Nov/2026:10:02:40 +0000] "POST /login HTTP/1.1" 302 0\n10.0.0.4 - - [30/Nov/2026:10:03:05 +0000] "GET /api/items HTTP/1.1" 500 128\n10.0.0.2 - - [30/Nov/2026:10:04:44 +0000] "GET /style.css HTTP/1.1" 200 2048\n'
FENCED_README_MD = '# shop\n\nInstall it:\n\n```bash\npip install shop\n```\n\nRun it:\n\n```\nshop serve --port 8000\n```\n\nUse `shop --help` for more. In Python:\n\n```python\nimport shop\nshop.run()\n```\n\nConfigure it in `shop.toml`:\n\n```toml\nport = 8000\n```\n\n    indented code is not fenced\n\n## License\nMIT\n'
SHELLS_PASSWD = 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\nana:x:1000:1000:Ana:/home/ana:/bin/bash\nben:x:1001:1001:Ben:/home/ben:/usr/bin/zsh\nbash:x:1002:1002:Bash Fan:/home/bash:/bin/sh\ncleo:x:1003:1003:Cleo:/home/cleo:/usr/bin/bash\ndov:x:1004:1004:Dov:/home/dov:/bin/bash\neli:x:1005:1005:Eli:/home/eli:/bin/bash\nsync:x:4:65534:sync:/bin:/bin/sync\n'
TIMED_MOVIE_SRT = '1\n00:00:01,000 --> 00:00:03,500\nHello.\n\n2\n00:00:04,000 --> 00:00:06,250\nWho is there?\n\n3\n00:01:10,200 --> 00:01:14,700\nIt is me, at last.\n'
MARCH_CALENDAR_ICS = 'BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nSUMMARY:Planning\nDTSTART:20260302T090000Z\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Review of March\nDTSTART:20260401T100000Z\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Offsite\nDTSTART:20260315T080000Z\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Retro\nDTSTART:20260331T160000Z\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Kickoff\nDTSTART:20250310T090000Z\nEND:VEVENT\nEND:VCALENDAR\n'
ALIASES_BASHRC = '# ~/.bashrc\nexport PATH="$HOME/bin:$PATH"\nalias ll=\'ls -la\'\nalias gs=\'git status\'\n# alias rm=\'rm -i\'\nalias ..=\'cd ..\'\n\nmkcd() {\n  mkdir -p "$1" && cd "$1"\n}\n\nif [ -f ~/.bash_aliases ]; then\n  . ~/.bash_aliases\nfi\nalias grep=\'grep --color=auto\' # colour\necho "aliases loaded"\n'
LOCAL_HOSTS = '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n# 10.0.0.9\tapi.local\n192.168.1.20\tweb.local\n192.168.1.21\tapi.local api\n192.168.1.22\tapi.local.example.com\n'
UNRELEASED_CHANGELOG_MD = '# Changelog\n\n## [Unreleased]\n- new export format\n\n## [2.10.0] - 2026-10-02\n- faster search\n\n## [2.9.3] - 2026-08-14\n- fix crash on empty file\n\n## [2.9.0] - 2026-05-01\n- first plugin API\n'
GAPS_SERVER_LOG = '08:00:00 boot\n08:00:05 listening\n08:01:35 request /\n08:01:36 request /a\n08:03:00 request /b\n08:03:01 shutdown\n'
THIRTY_SECOND = [
    ('What is the least common multiple of the numbers 1 to 15? Use code.',
     {}, '360360'),
    ('What is the sum of the reciprocals of 1 through 10, rounded to 4 decimals? Use code.',
     {}, '2.929'),
    ('A rectangle has a perimeter of 50 and an area of 150. What is the length of its longer side? Use code.',
     {}, '15'),
    ('How many whole numbers from 1 to 500 are perfect squares or perfect cubes? Use code.',
     {}, '27'),
    ('When you roll two dice, in how many of the 36 outcomes is the sum a prime number? Use code.',
     {}, '15'),
    ('What is the mean of the first 20 prime numbers? Use code.',
     {}, '31.95'),
    ('How many 5-card hands from a standard deck contain all four aces? Use code.',
     {}, '48'),
    ('What is the sum of all two-digit numbers whose digits add up to 9? Use code.',
     {}, '486'),
    ('A town of 1200 people grows by 5% a year. After how many whole years does it first have more than 2000 people? Use code.',
     {}, '11'),
    ('What is the smallest positive integer that has exactly 12 divisors? Use code.',
     {}, '60'),
    ('In how many ways can 10 people be split into two teams of 5? Use code.',
     {}, '126'),
    ('What is the sum of the first 10 cube numbers? Use code.',
     {}, '3025'),
    ('How many jobs in crontab.txt run exactly once an hour?',
     {'crontab.txt': HOURLY_CRONTAB_TXT}, '3'),
    ('What is the median salary in the engineering department of staff.csv?',
     {'staff.csv': DEPT_STAFF_CSV}, '98000'),
    ('How many employees in staff.csv were hired in 2024 or later?',
     {'staff.csv': DEPT_STAFF_CSV}, '4'),
    ('Which product in products.json has the lowest price among those in stock?',
     {'products.json': STOCK_PRODUCTS_JSON}, 'pen set'),
    ('What port does the app listen on according to .env?',
     {'.env': PORT_APP_ENV}, '8088'),
    ('How many steps does the build job in ci.yml have?',
     {'ci.yml': STEPS_CI_YML}, '5'),
    ('On which date was the gap between the high and the low temperature largest in temps.csv?',
     {'temps.csv': SWING_TEMPS_CSV}, '2026-06-05'),
    ('What is the total revenue of the orders shipped to Canada in orders.csv?',
     {'orders.csv': COUNTRY_ORDERS_CSV}, '278.9'),
    ('How many ERROR lines in app.log were logged after noon?',
     {'app.log': TIMED_APP_LOG}, '3'),
    ('Which version of Go does go.mod require?',
     {'go.mod': TOOLCHAIN_GO_MOD}, '1.22'),
    ('How many dependencies in Cargo.toml are optional?',
     {'Cargo.toml': OPTIONAL_CARGO_TOML}, '2'),
    ('How many rows does seed.sql insert into the users table?',
     {'seed.sql': USERS_SEED_SQL}, '5'),
    ('How many bytes in total were sent for successful (200) responses in access.log?',
     {'access.log': BYTES_ACCESS_LOG}, '27648'),
    ('How many fenced code blocks does README.md contain?',
     {'README.md': FENCED_README_MD}, '4'),
    ('How many users in passwd have bash as their login shell?',
     {'passwd': SHELLS_PASSWD}, '5'),
    ('How long, in seconds, is the last subtitle in movie.srt shown?',
     {'movie.srt': TIMED_MOVIE_SRT}, '4.5'),
    ('How many events in calendar.ics take place in March 2026?',
     {'calendar.ics': MARCH_CALENDAR_ICS}, '3'),
    ('How many aliases does .bashrc define?',
     {'.bashrc': ALIASES_BASHRC}, '4'),
    ('Which IP address does the hosts file map api.local to?',
     {'hosts': LOCAL_HOSTS}, '192.168.1.21'),
    ('What is the latest released version in CHANGELOG.md?',
     {'CHANGELOG.md': UNRELEASED_CHANGELOG_MD}, '2.10.0'),
    ('What was the longest gap in seconds between two consecutive lines of server.log?',
     {'server.log': GAPS_SERVER_LOG}, '90'),
]

# The thirty-third set: drafts checked against the thirty-two earlier sets (difflib, and a search for
# the same file and question); none holds its own answer. Written in session 48 and committed before
# any run: new shapes are an access log's busiest client (an IP inside other clients' URLs, a longer
# one holding it), durations in ms and s, a nested translation file, a commented tsconfig, a
# multi-document Kubernetes file, robots.txt groups, a unified diff, an mbox, semicolons with
# decimal commas.
MOST_ACCESS_LOG = '10.0.0.5 - - [30/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 512 "-" "curl/8.5"\n10.0.0.7 - - [30/Nov/2026:10:01:00 +0000] "GET /about HTTP/1.1" 200 513 "-" "curl/8.5"\n10.0.0.9 - - [30/Nov/2026:10:02:00 +0000] "GET /lookup?ip=10.0.0.5 HTTP/1.1" 200 514 "-" "curl/8.5"\n10.0.0.7 - - [30/Nov/2026:10:03:00 +0000] "GET /pricing HTTP/1.1" 200 515 "-" "curl/8.5"\n10.0.0.70 - - [30/Nov/2026:10:04:00 +0000] "GET / HTTP/1.1" 200 516 "-" "curl/8.5"\n10.0.0.5 - - [30/Nov/2026:10:05:00 +0000] "GET /login HTTP/1.1" 200 517 "-" "curl/8.5"\n10.0.0.12 - - [30/Nov/2026:10:06:00 +0000] "GET /lookup?ip=10.0.0.5 HTTP/1.1" 200 518 "-" "curl/8.5"\n10.0.0.7 - - [30/Nov/2026:10:07:00 +0000] "GET /docs HTTP/1.1" 200 519 "-" "curl/8.5"\n10.0.0.5 - - [30/Nov/2026:10:08:00 +0000] "GET /logout HTTP/1.1" 200 520 "-" "curl/8.5"\n10.0.0.7 - - [30/Nov/2026:10:09:00 +0000] "GET / HTTP/1.1" 200 521 "-" "curl/8.5"\n10.0.0.12 - - [30/Nov/2026:10:10:00 +0000] "GET / HTTP/1.1" 200 522 "-" "curl/8.5"\n'
TOOK_SERVER_LOG = '2026-11-30T10:00:00 INFO GET /api/users 200 took 120ms\n2026-11-30T10:00:02 INFO GET /api/orders 200 took 80ms\n2026-11-30T10:00:05 INFO cache warmed\n2026-11-30T10:00:09 WARN GET /api/report 200 took 1.5s\n2026-11-30T10:00:12 INFO POST /api/orders 201 took 300ms\n2026-11-30T10:00:15 INFO GET /api/users 200 took 200ms\n'
STATUS_ORDERS_CSV = 'order_id,customer,status,total\n1001,ana,shipped,10.50\n1002,ben,cancelled,13.50\n1003,cho,shipped,16.50\n1004,dev,pending,19.50\n1005,eli,shipped,22.50\n1006,ana,cancel_requested,25.50\n1007,ben,cancelled,28.50\n1008,cho,shipped,31.50\n1009,dev,shipped,34.50\n1010,eli,Cancelled,37.50\n1011,ana,shipped,40.50\n1012,ben,pending,43.50\n1013,cho,shipped,46.50\n1014,dev,cancelled,49.50\n1015,eli,shipped,52.50\n1016,ana,shipped,55.50\n1017,ben,shipped,58.50\n1018,cho,cancelled,61.50\n1019,dev,pending,64.50\n1020,eli,shipped,67.50\n'
BOOKS_CATALOG_XML = '<?xml version="1.0"?>\n<catalog>\n  <book id="b1"><title>Rust in Action</title><price currency="EUR">25.00</price></book>\n  <book id="b2"><title>The Pragmatic Programmer</title><price currency="EUR">35.50</price></book>\n  <book id="b3"><title>Clean Code</title><price currency="EUR">30.00</price></book>\n  <magazine id="m1"><title>Linux Journal 2026</title><price currency="EUR">45.00</price></magazine>\n  <book id="b4"><title>Designing Data-Intensive Applications</title><price currency="EUR">42.00</price></book>\n  <book id="b5"><title>Programming Pearls</title><price currency="EUR">31.99</price></book>\n  <book id="b6"><title>Learn You a Haskell</title><price currency="EUR">12.00</price></book>\n  <book id="b7"><title>Refactoring</title><price currency="EUR">47.25</price></book>\n</catalog>\n'
NESTED_DE_JSON = '{\n  "menu": {\n    "file": "Datei",\n    "edit": "Bearbeiten",\n    "view": ""\n  },\n  "dialog": {\n    "ok": "OK",\n    "cancel": "",\n    "save": "Speichern",\n    "help": null\n  },\n  "title": "Titel",\n  "footer": ""\n}\n'
REACHED_STEPS_CSV = 'date,steps\n2026-11-01,8500\n2026-11-02,10000\n2026-11-03,12034\n2026-11-04,9999\n2026-11-05,10001\n2026-11-06,7000\n2026-11-07,15000\n2026-11-08,10000\n2026-11-09,9800\n2026-11-10,11000\n'
TLS_NGINX_CONF = 'events {}\nhttp {\n    server {\n        listen 80;\n        server_name shop.example.com;\n        return 301 https://$host$request_uri;\n    }\n    server {\n        listen 443 ssl;\n        listen [::]:443 ssl;\n        server_name shop.example.com;\n        root /srv/shop;\n    }\n    server {\n        listen 443 ssl http2;\n        server_name api.example.com;\n        location / { proxy_pass http://127.0.0.1:8000; }\n    }\n    server {\n        listen 8443 ssl;\n        server_name admin.example.com;\n    }\n    # server {\n    #     listen 443 ssl;\n    #     server_name old.example.com;\n    # }\n    server {\n        listen 127.0.0.1:443 ssl;\n        server_name internal.example.com;\n    }\n}\n'
PIPE_COMMITS_TXT = "a1b2c3d|Alice Moreau|2026-11-01|Fix login redirect\n9f8e7d6|Bob Stone|2026-11-02|Review alice's patch for the cache\n3c4d5e6|Alice Moreau|2026-11-03|Add retry to uploads\n7a8b9c0|Malice Grant|2026-11-04|Bump dependencies\n1d2e3f4|Bob Stone|2026-11-05|Merge branch 'alice/search'\n5e6f7a8|Alice Moreau|2026-11-06|Search: rank by date\n0b1c2d3|Chen Wu|2026-11-07|Docs: install steps\n4f5a6b7|Alice Moreau|2026-11-08|Fix flaky test\n8c9d0e1|Bob Stone|2026-11-09|Release 1.4.0\n2e3f4a5|Alice Moreau|2026-11-10|Changelog for 1.4.1\n"
AGENTS_ROBOTS_TXT = 'User-agent: Googlebot\nDisallow: /private-for-google/\nDisallow: /tmp/\n\nUser-agent: *\nDisallow: /admin/\nDisallow: /cart/\n# Disallow: /old/\nDisallow: /search\nDisallow: /checkout/\nDisallow: /account/\nAllow: /search/help\n\nUser-agent: BadBot\nDisallow: /\n'
LASTMOD_SITEMAP_XML = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url>\n    <loc>https://example.com/</loc>\n    <lastmod>2026-01-05</lastmod>\n  </url>\n  <url>\n    <loc>https://example.com/about</loc>\n    <lastmod>2025-12-31</lastmod>\n  </url>\n  <url>\n    <loc>https://example.com/blog/2026-plans</loc>\n  </url>\n  <url>\n    <loc>https://example.com/blog/launch</loc>\n    <lastmod>2026-11-30T10:00:00+00:00</lastmod>\n  </url>\n  <url>\n    <loc>https://example.com/old</loc>\n    <lastmod>2024-06-01</lastmod>\n  </url>\n  <url>\n    <loc>https://example.com/pricing</loc>\n    <lastmod>2025-03-03</lastmod>\n  </url>\n</urlset>\n'
TYPED_BANK_CSV = 'date,description,type,amount\n2026-11-01,Salary,credit,2500.00\n2026-11-02,Rent,debit,1200.00\n2026-11-04,Groceries,debit,85.25\n2026-11-10,Utilities,debit,60.00\n2026-11-12,Refund,credit,40.50\n2026-11-20,Transfer to savings,debit,300.00\n'
MULTI_DEPLOY_YAML = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: worker\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n        - name: worker\n          image: shop/worker:1.4\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 7\n  template:\n    spec:\n      containers:\n        - name: web\n          image: shop/web:1.4\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n    - port: 80\n---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\nspec:\n  minReplicas: 2\n  maxReplicas: 10\n'
PY_EDITORCONFIG = 'root = true\n\n[*]\nindent_style = space\nindent_size = 2\nend_of_line = lf\n\n[*.py]\nindent_size = 4\n\n[Makefile]\nindent_style = tab\n'
TWO_EXAMS_CSV = 'name,exam1,exam2\nana,72,50\nben,49,90\ncho,88,91\ndev,50,50\neli,95,48\nfay,60,61\ngus,30,70\nhal,55,\n'
DAY_LOGINS_LOG = '2026-11-29 23:58:10 login user=ana\n2026-11-30 00:02:11 login user=ben\n2026-11-30 08:15:00 login user=ana\n2026-11-30 08:16:00 logout user=ben\n2026-11-30 09:00:00 login user=cho\n2026-11-30 12:00:00 login user=ana\n2026-11-30 13:00:00 failed_login user=dev\n2026-11-30 18:30:00 logout user=eve\n2026-12-01 00:00:05 login user=fay\n'
LABELLED_ISSUES_JSON = '[\n  {\n    "number": 101,\n    "title": "Crash on empty input",\n    "state": "open",\n    "labels": [\n      {\n        "name": "bug"\n      }\n    ]\n  },\n  {\n    "number": 102,\n    "title": "Wrong total in report",\n    "state": "closed",\n    "labels": [\n      {\n        "name": "bug"\n      }\n    ]\n  },\n  {\n    "number": 103,\n    "title": "Dark mode",\n    "state": "open",\n    "labels": [\n      {\n        "name": "enhancement"\n      }\n    ]\n  },\n  {\n    "number": 104,\n    "title": "Button misaligned",\n    "state": "open",\n    "labels": [\n      {\n        "name": "bug"\n      },\n      {\n        "name": "ui"\n      }\n    ]\n  },\n  {\n    "number": 105,\n    "title": "Is this a bug in the parser?",\n    "state": "open",\n    "labels": [\n      {\n        "name": "question"\n      }\n    ]\n  },\n  {\n    "number": 106,\n    "title": "Works as intended",\n    "state": "open",\n    "labels": [\n      {\n        "name": "not-a-bug"\n      }\n    ]\n  },\n  {\n    "number": 107,\n    "title": "Typos in the guide",\n    "state": "closed",\n    "labels": [\n      {\n        "name": "documentation"\n      },\n      {\n        "name": "bug"\n      }\n    ]\n  },\n  {\n    "number": 108,\n    "title": "Memory leak",\n    "state": "closed",\n    "labels": [\n      {\n        "name": "bug"\n      },\n      {\n        "name": "performance"\n      }\n    ]\n  }\n]\n'
COMMENTED_TSCONFIG_JSON = '{\n  // Base options shared by the app\n  "extends": "./tsconfig.base.json",\n  "compilerOptions": {\n    /* Language */\n    "target": "ES2022",\n    "module": "ESNext",\n    // "target": "ES5",\n    "lib": ["ES2022", "DOM"],\n    "strict": true,\n  },\n  "include": ["src"],\n}\n'
DB_APP_PROPERTIES = '# Database\n#db.url=jdbc:postgresql://old-host:5432/app\ndb.url.readonly=jdbc:postgresql://replica:5432/app\ndb.url=jdbc:postgresql://db.internal:5432/app\ndb.user=app\ndb.pool.size=10\n'
TWO_FILES_PATCH = 'diff --git a/src/app.py b/src/app.py\nindex 1111111..2222222 100644\n--- a/src/app.py\n+++ b/src/app.py\n@@ -1,5 +1,8 @@\n import os\n+import sys\n \n def main():\n-    print("hi")\n+    print("hello")\n+\n+    return 0\n \ndiff --git a/README.md b/README.md\nindex 3333333..4444444 100644\n--- a/README.md\n+++ b/README.md\n@@ -10,3 +10,3 @@\n ## Usage\n-Run it.\n+Run it with `python src/app.py`.\n'
FIVE_INBOX_MBOX = 'From alice@example.com Mon Nov 30 09:00:00 2026\nFrom: Alice <alice@example.com>\nTo: me@home.org\nSubject: Lunch\n\nAre you free on Friday?\n\nFrom carol@notexample.com Mon Nov 30 09:01:00 2026\nFrom: Carol <carol@notexample.com>\nTo: me@home.org\nSubject: Offer\n\nFrom: a friend at example.com\nWe have a deal.\n\nFrom dan@example.com Mon Nov 30 09:02:00 2026\nFrom: Dan <dan@example.com>\nTo: me@home.org\nSubject: Re: Lunch\n\n> From: Alice <alice@example.com>\n> Are you free on Friday?\nYes.\n\nFrom eve@example.org Mon Nov 30 09:03:00 2026\nFrom: Eve <eve@example.org>\nTo: me@home.org\nSubject: Hello\n\nHi!\n\nFrom frank@example.com Mon Nov 30 09:04:00 2026\nFrom: Frank <frank@example.com>\nTo: me@home.org\nSubject: Invoice\n\nSee attached.\n\n'
COMMA_PAYMENTS_CSV = 'date;payee;amount\n2026-11-02;Stadtwerke;84,50\n2026-11-05;Miete;1.150,00\n2026-11-09;Bäckerei;12,30\n2026-11-15;Versicherung;45,99\n2026-11-20;Fitness;29,90\n'
THIRTY_THIRD = [
    ('A ladder 13 metres long leans against a wall with its foot 5 metres from the wall. How high up the wall does it reach? Use code.',
     {}, '12'),
    ('What is the sum of the interior angles of a 12-sided polygon in degrees? Use code.',
     {}, '1800'),
    ('What is the probability of getting exactly 3 heads in 6 fair coin flips? Give it as a decimal. Use code.',
     {}, '0.3125'),
    ('How many numbers from 1 to 100 have an odd number of divisors? Use code.',
     {}, '10'),
    ('A shirt costs 40 after a 20% discount. What was its price before the discount? Use code.',
     {}, '50'),
    ('How many four-digit numbers have four different digits? Use code.',
     {}, '4536'),
    ('A recipe for 4 people needs 300 g of flour. How many grams of flour does it need for 7 people? Use code.',
     {}, '525'),
    ('How many of the numbers from 1 to 50 have no common factor with 50 other than 1? Use code.',
     {}, '20'),
    ('Which number from 1 to 50 has the most divisors? Use code.',
     {}, '48'),
    ('How many primes below 100 leave a remainder of 1 when divided by 4? Use code.',
     {}, '11'),
    ('In how many ways can you climb 12 stairs taking 1 or 2 steps at a time? Use code.',
     {}, '233'),
    ('What is the largest three-digit number divisible by both 6 and 14? Use code.',
     {}, '966'),
    ('Which IP address made the most requests in access.log?',
     {'access.log': MOST_ACCESS_LOG}, '10.0.0.7'),
    ('What is the average duration in milliseconds of the requests in server.log?',
     {'server.log': TOOK_SERVER_LOG}, '440'),
    ('What share of the orders in orders.csv were cancelled, as a percentage?',
     {'orders.csv': STATUS_ORDERS_CSV}, '25'),
    ('How many books in catalog.xml cost more than 30?',
     {'catalog.xml': BOOKS_CATALOG_XML}, '4'),
    ('How many keys in de.json have no translation yet?',
     {'de.json': NESTED_DE_JSON}, '4'),
    ('On how many days in steps.csv did the step count reach 10000?',
     {'steps.csv': REACHED_STEPS_CSV}, '6'),
    ('How many server blocks in nginx.conf listen on port 443?',
     {'nginx.conf': TLS_NGINX_CONF}, '3'),
    ('How many commits in commits.txt were made by alice?',
     {'commits.txt': PIPE_COMMITS_TXT}, '5'),
    ('How many paths does robots.txt disallow for all user agents?',
     {'robots.txt': AGENTS_ROBOTS_TXT}, '5'),
    ('How many URLs in sitemap.xml were last modified in 2026?',
     {'sitemap.xml': LASTMOD_SITEMAP_XML}, '2'),
    ('What is the balance after all the transactions in bank.csv, starting from 1000?',
     {'bank.csv': TYPED_BANK_CSV}, '1895.25'),
    ('How many replicas does the web deployment in deploy.yaml have?',
     {'deploy.yaml': MULTI_DEPLOY_YAML}, '7'),
    ('What indent size does .editorconfig set for Python files?',
     {'.editorconfig': PY_EDITORCONFIG}, '4'),
    ('How many students in exams.csv passed both exams with at least 50 points?',
     {'exams.csv': TWO_EXAMS_CSV}, '4'),
    ('How many distinct users logged in on 2026-11-30 according to logins.log?',
     {'logins.log': DAY_LOGINS_LOG}, '3'),
    ('How many open issues in issues.json have the label bug?',
     {'issues.json': LABELLED_ISSUES_JSON}, '2'),
    ('What target does tsconfig.json set in its compilerOptions?',
     {'tsconfig.json': COMMENTED_TSCONFIG_JSON}, 'ES2022'),
    ('What is the value of db.url in app.properties?',
     {'app.properties': DB_APP_PROPERTIES}, 'jdbc:postgresql://db.internal:5432/app'),
    ('How many lines does changes.patch add?',
     {'changes.patch': TWO_FILES_PATCH}, '5'),
    ('How many emails in inbox.mbox were sent from an example.com address?',
     {'inbox.mbox': FIVE_INBOX_MBOX}, '3'),
    ('What is the total of the amounts in payments.csv?',
     {'payments.csv': COMMA_PAYMENTS_CSV}, '1322.69'),
]

# The thirty-fourth set: drafts checked against the thirty-three earlier sets (difflib, and a search for
# the same file and question); none holds its own answer. Written in session 49 and committed before
# any run: new shapes are system files (fstab, a systemd unit, meminfo, df, .gitconfig, .gitmodules),
# a CSV with a byte order mark, a fixed-width report, GPX, gettext, BibTeX, LaTeX, a notebook, a
# tree of reports, shifts past midnight, a chat log, a subnet, a CSV whose header repeats.
SUBMODULE_GITMODULES = '[submodule "vendor/json-schema"]\n\tpath = vendor/json-schema\n\turl = https://github.com/example/json-schema.git\n[submodule "json"]\n\tpath = vendor/json\n\turl = https://github.com/nlohmann/json.git\n\tbranch = develop\n[submodule "docs/theme"]\n\tpath = docs/theme\n\turl = git@github.com:example/theme.git\n'
NOAUTO_FSTAB = '# /etc/fstab: static file system information.\n# <file system> <mount point> <type> <options> <dump> <pass>\nUUID=3f1c-aa01 /               ext4    errors=remount-ro 0       1\nUUID=77B2-1C4D /boot/efi       vfat    umask=0077      0       1\n# UUID=9d0e-0001 /mnt/old      ext4    noauto          0       2\nUUID=5a5a-2b2b /mnt/backup     ext4    defaults,noauto 0       2\n/dev/sr0       /media/cdrom    udf,iso9660 user,noauto 0       0\nUUID=8c8c-3d3d /data           xfs     defaults,nofail 0       2\ntmpfs          /tmp            tmpfs   defaults,size=2G 0      0\n/swapfile      none            swap    sw              0       0\n'
EDITOR_GITCONFIG = '[user]\n\tname = Mira Holm\n\temail = mira@example.org\n[core]\n\t# editor = vim\n\teditor = nvim\n\tautocrlf = input\n[sequence]\n\teditor = interactive-rebase-tool\n[alias]\n\tco = checkout\n\tst = status\n[pull]\n\trebase = true\n'
RESTART_APP_SERVICE = '[Unit]\nDescription=Shop API\nAfter=network-online.target\nStartLimitIntervalSec=60\nStartLimitBurst=3\n\n[Service]\nType=simple\nUser=shop\nExecStart=/usr/local/bin/shop-api --port 8000\n# RestartSec=1\nRestart=on-failure\nRestartSec=10s\nTimeoutStopSec=30\n\n[Install]\nWantedBy=multi-user.target\n'
AVAILABLE_MEMINFO_TXT = 'MemTotal:        8048576 kB\nMemFree:         1048576 kB\nMemAvailable:    3145728 kB\nBuffers:          204800 kB\nCached:          1887436 kB\nSwapCached:            0 kB\nSwapTotal:       2097148 kB\nSwapFree:        2097148 kB\n'
FULLEST_DF_TXT = 'Filesystem      Size  Used Avail Use% Mounted on\n/dev/vda1        50G   43G  6.5G  87% /\n/dev/vda15      124M   42M   82M  34% /boot/efi\n/dev/vdb1       200G   17G  183G   9% /home\ntmpfs           3.9G     0  3.9G   0% /dev/shm\n/dev/vdc1       500G  500G     0 100% /mnt/backup\n/dev/vdb2        20G   19G  1.1G  95% /var/log\n'
BOM_EXPORT_CSV = '\ufeffcustomer,country,spend\nHolm AB,SE,1200.50\nNakamura KK,JP,980.00\nOkafor Ltd,NG,2310.75\nSilva Lda,PT,2299.99\nBauer GmbH,DE,1500.00\n'
FIXED_REPORT_TXT = 'Item            Qty   Price\n---------------------------\nBlue pen         12    1.20\nRed pen           8    1.20\nNotebook A5       5    3.50\nStapler           1    7.90\nPaper clips box  20    0.80\n'
LOOP_ROUTE_GPX = '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="handheld" xmlns="http://www.topografix.com/GPX/1/1">\n  <wpt lat="46.5601" lon="8.5610"><ele>2431</ele><name>Hut</name></wpt>\n  <wpt lat="46.5702" lon="8.5702"><ele>2780</ele><name>Summit view</name></wpt>\n  <trk>\n    <name>Pass loop</name>\n    <trkseg>\n        <trkpt lat="46.5501" lon="8.5501"><ele>1980</ele></trkpt>\n        <trkpt lat="46.553" lon="8.554"><ele>2050</ele></trkpt>\n        <trkpt lat="46.556" lon="8.558"><ele>2166</ele></trkpt>\n        <trkpt lat="46.559" lon="8.56"><ele>2301</ele></trkpt>\n    </trkseg>\n    <trkseg>\n        <trkpt lat="46.56" lon="8.561"><ele>2420</ele></trkpt>\n        <trkpt lat="46.562" lon="8.565"><ele>2388</ele></trkpt>\n        <trkpt lat="46.565" lon="8.569"><ele>2290</ele></trkpt>\n    </trkseg>\n  </trk>\n</gpx>\n'
UNTRANSLATED_DE_PO = '# German translation of the shop app.\nmsgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n\nmsgid "Open"\nmsgstr "Öffnen"\n\nmsgid "Save"\nmsgstr ""\n\nmsgid "Save as…"\nmsgstr ""\n"Speichern unter…"\n\nmsgid "Quit"\nmsgstr ""\n\nmsgid "Print"\nmsgstr "Drucken"\n\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] ""\nmsgstr[1] ""\n\nmsgid "Help"\nmsgstr ""\n\nmsgid "Close"\nmsgstr "Schließen"\n\n#~ msgid "Old menu"\n#~ msgstr ""\n'
YEARS_REFS_BIB = '@comment{ Entries before year = 1990 still need DOIs }\n\n@article{knuth1974,\n  author = {Donald E. Knuth},\n  title = {Computer Programming as an Art},\n  year = 1974,\n}\n\n@book{sicp1996,\n  author = {Abelson, Harold and Sussman, Gerald Jay},\n  title = {Structure and Interpretation of Computer Programs},\n  year = {1996},\n  note = {Second edition, first published 1985},\n}\n\n@inproceedings{lamport2001,\n  author = {Leslie Lamport},\n  title = {Paxos Made Simple},\n  year = "2001",\n}\n\n@book{gof1994,\n  author = {Gamma, Erich and others},\n  title = {Design Patterns},\n  year = {1994},\n}\n\n@misc{rust2015,\n  title = {The Rust Programming Language, 1.0},\n  year = {2015},\n  note = {Announced in 1999? No: 2015},\n}\n\n@article{dijkstra2000,\n  author = {Edsger W. Dijkstra},\n  title = {Answers to questions from students},\n  year = {2000},\n}\n'
SECTIONS_PAPER_TEX = '\\documentclass{article}\n\\begin{document}\n\\section{Introduction}\nWe study caching.\n\\subsection{Motivation}\nSlow pages.\n% \\section{Old related work}\n\\section{Method}\n\\subsection{Setup}\n\\subsection{Workloads}\n\\section{Related work}\n\\section{Results}\n\\section{Discussion}\nEach section of this paper ends with a summary.\n\\section{Conclusion}\n\\end{document}\n'
NIGHT_SHIFTS_CSV = 'date,start,end\n2026-11-23,09:00,17:00\n2026-11-24,22:00,06:00\n2026-11-26,13:30,18:00\n2026-11-27,08:15,12:45\n'
SPEAKERS_CHAT_TXT = "[09:58] ana: morning all\n[10:01] ben: hi! quick one about the release\n  it's blocked on the migration\n[10:02] ana: ben: which migration?\n[10:03] cho: the users table one\n[10:05] ben: yes that one\n[10:06] ana: ok, ben: can you pair with cho?\n[10:08] ben: sure\n[10:09] cho: thanks\n[10:12] ana: great, talk at noon\n"
SUBNET_IPS_TXT = '192.168.1.5\n192.168.10.7\n10.192.168.1\n192.168.1.254\n192.168.100.1\n192.168.2.1\n192.168.1.77\n192.168.11.3\n192.168.1.1\n'
CASED_BUDGET_CSV = 'date,category,amount\n2026-11-01,Groceries,54.20\n2026-11-02,Rent,900.00\n2026-11-03,groceries,23.15\n2026-11-05,Transport,12.00\n2026-11-08, Groceries ,41.65\n2026-11-09,Eating out,30.00\n2026-11-12,GROCERIES,18.00\n'
GIT_HISTORY_TXT = "git status\ngitk --all\nls -la\n git push origin main\necho git\ngit commit -m 'fix typo'\ncd src\ngit log --oneline\ngit diff HEAD~1\nvim main.rs\n"
CELLS_ANALYSIS_IPYNB = '{\n "cells": [\n  {\n   "cell_type": "markdown",\n   "metadata": {},\n   "source": [\n    "# Sales analysis\\n",\n    "Code below loads the data.\\n"\n   ]\n  },\n  {\n   "cell_type": "code",\n   "metadata": {},\n   "source": [\n    "import pandas as pd\\n",\n    "df = pd.read_csv(\'sales.csv\')"\n   ],\n   "outputs": [],\n   "execution_count": null\n  },\n  {\n   "cell_type": "markdown",\n   "metadata": {},\n   "source": [\n    "```python\\n",\n    "df.head()\\n",\n    "```"\n   ]\n  },\n  {\n   "cell_type": "code",\n   "metadata": {},\n   "source": [\n    "df.describe()"\n   ],\n   "outputs": [],\n   "execution_count": null\n  },\n  {\n   "cell_type": "raw",\n   "metadata": {},\n   "source": [\n    "code: not run"\n   ]\n  },\n  {\n   "cell_type": "code",\n   "metadata": {},\n   "source": [\n    "df.plot()"\n   ],\n   "outputs": [],\n   "execution_count": null\n  },\n  {\n   "cell_type": "markdown",\n   "metadata": {},\n   "source": [\n    "The end."\n   ]\n  }\n ],\n "metadata": {\n  "kernelspec": {\n   "name": "python3",\n   "display_name": "Python 3"\n  }\n },\n "nbformat": 4,\n "nbformat_minor": 5\n}\n'
TREE_ORG_JSON = '{\n  "name": "Ines",\n  "title": "CEO",\n  "reports": [\n    {\n      "name": "Omar",\n      "title": "CTO",\n      "reports": [\n        {\n          "name": "Pia",\n          "title": "Engineer",\n          "reports": []\n        },\n        {\n          "name": "Quinn",\n          "title": "Engineer",\n          "reports": [\n            {\n              "name": "Rui",\n              "title": "Intern",\n              "reports": []\n            }\n          ]\n        }\n      ]\n    },\n    {\n      "name": "Sara",\n      "title": "CFO",\n      "reports": [\n        {\n          "name": "Tom",\n          "title": "Accountant",\n          "reports": []\n        }\n      ]\n    },\n    {\n      "name": "Uma",\n      "title": "COO",\n      "reports": []\n    }\n  ]\n}\n'
HELLO_POST_MD = '---\ntitle: Hello world\ndraft: false\n---\nFirst post.\n'
CACHING_POST_MD = '---\ntitle: Caching notes\ndraft: true\n---\nStill a draft: needs numbers.\n'
RELEASE_POST_MD = '---\ntitle: Release 1.4\ndate: 2026-11-30\n---\nThe draft of this post was long.\n'
ROADMAP_POST_MD = '---\ntitle: Roadmap\ndraft: true\ntags: [plans]\n---\nTBD.\n'
REPEATED_HEADER_CSV = 'date,item,amount\n2026-10-03,coffee,3.50\n2026-10-09,lunch,11.20\ndate,item,amount\n2026-11-02,coffee,3.80\n2026-11-15,book,18.90\ndate,item,amount\n2026-12-01,lunch,12.40\n'
THIRTY_FOURTH = [
    ('How many usable host addresses does an IPv4 network with a /27 prefix have? Use code.',
     {}, '30'),
    ('What is the 2026th digit after the decimal point of 1/7? Use code.',
     {}, '8'),
    ('Two positive whole numbers add up to 37. What is the largest product they can have? Use code.',
     {}, '342'),
    ('In how many ways can a 5-card poker hand hold exactly two aces? Use code.',
     {}, '103776'),
    ('In how many ways can 8 rooks be placed on a chessboard so that no two of them attack each other? Use code.',
     {}, '40320'),
    ('Add up every number from 100 to 999 whose digits are all odd. What is the total? Use code.',
     {}, '69375'),
    ('How many whole years does it take for money to double at 6% interest compounded once a year? Use code.',
     {}, '12'),
    ('A car uses 6.5 litres of fuel per 100 km. How many litres does it need for a 340 km trip? Use code.',
     {}, '22.1'),
    ('How many different triangles with whole-number side lengths have a perimeter of 24? Use code.',
     {}, '12'),
    ('How many months from January 2020 to December 2029 begin on a Sunday? Use code.',
     {}, '16'),
    ('What is the smallest number of euro coins (1, 2, 5, 10, 20 and 50 cents, 1 and 2 euros) that make 3.88 euros? Use code.',
     {}, '8'),
    ('A tank fills with 12 litres per minute while it leaks 3 litres per minute. How many minutes does it take to hold 450 litres? Use code.',
     {}, '50'),
    ('Which URL does the submodule at the path vendor/json come from, according to .gitmodules?',
     {'.gitmodules': SUBMODULE_GITMODULES}, 'https://github.com/nlohmann/json.git'),
    ('How many file systems in fstab are not mounted automatically at boot?',
     {'fstab': NOAUTO_FSTAB}, '2'),
    ('Which editor does the core section of .gitconfig set?',
     {'.gitconfig': EDITOR_GITCONFIG}, 'nvim'),
    ('How many seconds does app.service wait before it restarts the service?',
     {'app.service': RESTART_APP_SERVICE}, '10'),
    ('How much memory is available, in MiB, according to meminfo.txt?',
     {'meminfo.txt': AVAILABLE_MEMINFO_TXT}, '3072'),
    ('Which mount point in df.txt is the fullest?',
     {'df.txt': FULLEST_DF_TXT}, '/mnt/backup'),
    ('Which customer in export.csv spent the most?',
     {'export.csv': BOM_EXPORT_CSV}, 'Okafor Ltd'),
    ('What is the total quantity of all the items in report.txt?',
     {'report.txt': FIXED_REPORT_TXT}, '46'),
    ('How many track points does route.gpx record?',
     {'route.gpx': LOOP_ROUTE_GPX}, '7'),
    ('How many messages in de.po have no German translation yet?',
     {'de.po': UNTRANSLATED_DE_PO}, '4'),
    ('How many entries in refs.bib were published before 2000?',
     {'refs.bib': YEARS_REFS_BIB}, '3'),
    ('How many sections, not counting subsections, does paper.tex have?',
     {'paper.tex': SECTIONS_PAPER_TEX}, '6'),
    ('How many hours do the shifts in shifts.csv add up to?',
     {'shifts.csv': NIGHT_SHIFTS_CSV}, '25'),
    ('Who sent the most messages in chat.txt?',
     {'chat.txt': SPEAKERS_CHAT_TXT}, 'ana'),
    ('How many of the addresses in ips.txt belong to the network 192.168.1.0/24?',
     {'ips.txt': SUBNET_IPS_TXT}, '4'),
    ('How much was spent on groceries according to budget.csv?',
     {'budget.csv': CASED_BUDGET_CSV}, '137'),
    ('How many git commands did I run according to history.txt?',
     {'history.txt': GIT_HISTORY_TXT}, '5'),
    ('How many code cells does analysis.ipynb have?',
     {'analysis.ipynb': CELLS_ANALYSIS_IPYNB}, '3'),
    ('How many people are in the organisation described by org.json, the head included?',
     {'org.json': TREE_ORG_JSON}, '8'),
    ('How many of the posts in the posts folder are still drafts?',
     {'posts/hello.md': HELLO_POST_MD, 'posts/caching.md': CACHING_POST_MD, 'posts/release-1.4.md': RELEASE_POST_MD, 'posts/roadmap.md': ROADMAP_POST_MD}, '2'),
    ('What do the amounts in merged.csv add up to?',
     {'merged.csv': REPEATED_HEADER_CSV}, '49.8'),
]


# The thirty-fifth set: drafts checked against the thirty-four earlier sets (difflib, and a search for
# the same file and question); none holds its own answer. Written in session 50 and committed before
# any run: new shapes are FASTA, PGN, WebVTT, authorized_keys, sshd_config, cpuinfo, ps, lsblk, ss,
# a GitHub workflow, Terraform, zsh history, CODEOWNERS, a MIME mail, OFX, G-code, logrotate, OPML,
# a Maven POM, org-mode clocks and a Graphviz graph.
LONG_SEQS_FA = '>seq1 mitochondrial fragment\nGCGCGTGAGGAGAAATGAGTAACGACGCATGAGCACTT\n>seq2 length=45 (estimated)\nGTTAGTAAGTAATTCTTAGCCCAAAACACTATCGTTATGC\nGTGTAGAGTTATTACGCTACGACTATGTACAT\n>seq3\nGACTCCCTCGCTTCCTATCAGTGCCGGACATGGAATTAAT\nTAGGACCTTA\n>seq4 plasmid insert\nGGTTAAACGGACGTGTTAAAGAACTCATGAGGCGTGCCTT\nGATCTCGTCTCACCGCACAGTCGGTATGGGTGGCCGCTCC\nAAGCCCCGTTC\n>seq5 primer region\nGCATTGTATTCTGGACTCGAACCGGACACCCGGCCAGTGC\nATTTGTGGA\n>seq6\nATTGGGTACGGTAGCCTAATCCCCTCGCAGCCGTTTGCAA\nGAGTCACGTCTCACGTTCGACTGGACAACACGTTTTGACA\nCACTCAATGGATAACAGTGAGCAGAATAACGATGCTTCTC\n'
CAPTURES_GAME_PGN = '[Event "Club Championship, Round 5"]\n[Site "Oxford"]\n[Date "2026.11.14"]\n[White "Baxter, Rex"]\n[Black "Nixon, Alex"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4\n{Black offers the exchange of bishops} 10. f3 Be6 11. Nc3 Bd6 12. Be3 b6 13. a4 O-O-O 14. a5 Kb7\n15. e5 Bxe5 {a blunder: the exchange sacrifice fails} 16. Rxd8 1-0\n'
VOICES_TALK_VTT = "WEBVTT\n\nNOTE Maya joins at 00:01:10; Leo speaks first.\n\n00:00:01.000 --> 00:00:04.000\n<v Leo>Welcome, everyone.\n\n00:00:04.500 --> 00:00:08.000\n<v Leo>Today Maya will show the new build.\n\n00:01:10.000 --> 00:01:14.000\n<v Maya>Thanks Leo. Let's start.\n\nintro-4\n00:01:14.500 --> 00:01:18.000\n<v Maya>First, the installer.\nIt is now one file.\n\n00:01:18.500 --> 00:01:20.000\n<v Leo>And the size?\n\n00:01:20.500 --> 00:01:24.000\n<v.loud Maya>Half of what it was!\n\n00:01:24.500 --> 00:01:26.000\n<v Sam>Maya, a question from chat.\n"
ED25519_AUTHORIZED_KEYS = '# keys for the deploy user\nssh-ed25519 AAAAJ7k4R6WyyojmK2Ce4l72yTnoBwn20KQjZEdaNvBnDC8Iepm5Nx7CxQZg4hz8QHJE ana@laptop\nssh-rsa AAAAoLMA6FHb/K19gsUlZkp2joWTK4JAtE60ndNhK5Cv5uWibAC8rwO73f+pTV8uRTz+ ben-old-ed25519-migration\nfrom="10.0.0.0/8",no-pty ssh-ed25519 AAAAJOpDy6O//rdmW/gaMjZR8WJjDVmo/LdwBKEhfCEaCe+Sb/sX3dDuDO2ejgnpJ4xo ci@runner\n# ssh-ed25519 AAAAyZa+jzTCXQ769lr0Vhpl3gAn3ZhBurcDzwfy7NPwTVrzO5o9mEC/Q6hpKaIEwjM7 revoked@old\necdsa-sha2-nistp256 AAAAFuoiN4lwMmnHtnc5w9lgk3dZv3+iQGSpaeF0WG5wZNA/wcIIAoFIbNUKDQGaBLRQ cho@phone\nssh-ed25519 AAAA7q9W5WTQEVb0ZU4OTg8iujRI+Ib7xNf3HE/qgVvHMauVVGcmVvd0W43uPi41x3fs backup\n'
PORT_SSHD_CONFIG = '# This is the sshd server system-wide configuration file.  See\n# sshd_config(5) for more information.\n\nInclude /etc/ssh/sshd_config.d/*.conf\n\n#Port 22\n#AddressFamily any\n#ListenAddress 0.0.0.0\n# Port 8022 was used before the move to the new firewall\nPort 2222\n\nPermitRootLogin prohibit-password\nPasswordAuthentication no\nX11Forwarding yes\n\nMatch User backup\n    X11Forwarding no\n'
CLOCKS_CPUINFO_TXT = 'processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 142\nmodel name\t: Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz\ncpu MHz\t\t: 2400.000\ncache size\t: 6144 KB\nphysical id\t: 0\nsiblings\t: 4\ncore id\t\t: 0\ncpu cores\t: 2\nbogomips\t: 3600.00\n\nprocessor\t: 1\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 142\nmodel name\t: Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz\ncpu MHz\t\t: 3601.000\ncache size\t: 6144 KB\nphysical id\t: 0\nsiblings\t: 4\ncore id\t\t: 1\ncpu cores\t: 2\nbogomips\t: 3600.00\n\nprocessor\t: 2\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 142\nmodel name\t: Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz\ncpu MHz\t\t: 1199.000\ncache size\t: 6144 KB\nphysical id\t: 0\nsiblings\t: 4\ncore id\t\t: 0\ncpu cores\t: 2\nbogomips\t: 3600.00\n\nprocessor\t: 3\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 142\nmodel name\t: Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz\ncpu MHz\t\t: 2800.000\ncache size\t: 6144 KB\nphysical id\t: 0\nsiblings\t: 4\ncore id\t\t: 1\ncpu cores\t: 2\nbogomips\t: 3600.00\n\n'
MEMORY_PS_TXT = 'USER         PID %CPU %MEM      VSZ    RSS TTY      STAT START   TIME COMMAND\nroot           1  0.0  0.1   167744  11904 ?        Ss   Nov30   0:04 /sbin/init splash\npostgres     812  0.3  4.2  2254080 342016 ?        Ss   Nov30   2:11 /usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main\nmira        2031 12.5  2.9 34359738 236544 ?        Sl   09:12  10:42 /opt/google/chrome/chrome --type=renderer\nmira        2240  1.1  6.8  4120576 552960 ?        Sl   09:15   1:05 /usr/bin/java -Xmx2g -jar builder.jar\nroot         640  0.0  0.2  1321984  17408 ?        Ssl  Nov30   0:30 /usr/bin/containerd\nmira        3101 45.0  0.5    20480  40960 pts/1    R+   10:02   0:09 python3 crunch.py\n'
PARTITIONS_LSBLK_TXT = 'NAME                MAJ:MIN RM   SIZE RO TYPE  MOUNTPOINTS\nsda                   8:0    0 476.9G  0 disk  \n├─sda1                8:1    0   512M  0 part  /boot/efi\n├─sda2                8:2    0     1G  0 part  /boot\n└─sda3                8:3    0 475.4G  0 part  \n  └─sda3_crypt      253:0    0 475.4G  0 crypt \n    ├─vg-root       253:1    0    60G  0 lvm   /\n    ├─vg-swap       253:2    0    16G  0 lvm   [SWAP]\n    └─vg-home       253:3    0 399.4G  0 lvm   /home\nsdb                   8:16   1  28.9G  0 disk  \n└─sdb1                8:17   1  28.9G  0 part  /media/usb\nsr0                  11:0    1  1024M  0 rom   \n'
LOOPBACK_SS_TXT = 'State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\nLISTEN 0      4096   127.0.0.53%lo:53         0.0.0.0:*     users:(("systemd-resolve",pid=612,fd=14))\nLISTEN 0      128          0.0.0.0:22         0.0.0.0:*     users:(("sshd",pid=901,fd=3))\nLISTEN 0      244        127.0.0.1:5432       0.0.0.0:*     users:(("postgres",pid=812,fd=6))\nLISTEN 0      511          0.0.0.0:80         0.0.0.0:*     users:(("nginx",pid=1010,fd=6))\nLISTEN 0      4096       127.0.0.1:6379       0.0.0.0:*     users:(("redis-server",pid=955,fd=6))\nLISTEN 0      128             [::]:22            [::]:*     users:(("sshd",pid=901,fd=4))\nLISTEN 0      5              [::1]:631           [::]:*     users:(("cupsd",pid=700,fd=7))\nLISTEN 0      511                *:8080             *:*     users:(("node",pid=2300,fd=20))\n'
JOBS_CI_YML = "name: CI\non:\n  push:\n    branches: [main]\n  pull_request:\n\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: cargo clippy -- -D warnings\n  test:\n    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        os: [ubuntu-latest, macos-latest, windows-latest]\n    steps:\n      - uses: actions/checkout@v4\n      - run: cargo test\n  # docs:\n  #   runs-on: ubuntu-latest\n  #   steps:\n  #     - run: cargo doc\n  release:\n    needs: [lint, test]\n    if: startsWith(github.ref, 'refs/tags/')\n    runs-on: ubuntu-latest\n    steps:\n      - run: cargo build --release\n"
INSTANCES_MAIN_TF = 'provider "aws" {\n  region = "eu-central-1"\n}\n\ndata "aws_ami" "ubuntu" {\n  most_recent = true\n  owners      = ["099720109477"]\n}\n\nresource "aws_instance" "web" {\n  count         = 3\n  ami           = data.aws_ami.ubuntu.id\n  instance_type = "t3.small"\n}\n\nresource "aws_instance" "db" {\n  ami           = data.aws_ami.ubuntu.id\n  instance_type = "r6g.large"\n}\n\n# resource "aws_instance" "bastion" {\n#   ami           = data.aws_ami.ubuntu.id\n#   instance_type = "t3.micro"\n# }\n\nresource "aws_security_group" "web" {\n  name = "web"\n}\n\noutput "web_ips" {\n  value = aws_instance.web[*].public_ip\n}\n'
DATED_ZSH_HISTORY = ': 1795986600:0;cd ~/projects/shop\n: 1795996680:0;git commit -m "notes for 2026-11-30"\n: 1795997040:0;git push\n: 1796029920:0;docker run --rm \\\n  -p 8080:80 \\\n  nginx:alpine\n: 1796031000:0;curl -s localhost:8080\n: 1796047320:0;vim README.md\n: 1796083140:0;make test\n: 1796083260:0;make test\n: 1796114700:0;ls -la\n'
LAST_MATCH_CODEOWNERS = '# Each line is a file pattern followed by one or more owners.\n# The last matching pattern takes precedence.\n*                 @mira\n/docs/            @docs-team\n*.md              @writers\n/docs/api/        @api-team\n/src/payments/    @payments @mira\n# /docs/api/*.md  @old-api-writers\n'
ATTACHED_MESSAGE_EML = 'From: Ana Lima <ana@example.org>\nTo: Ben Okafor <ben@example.org>\nSubject: Invoice and photos from the fair\nDate: Mon, 30 Nov 2026 10:15:00 +0100\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="XYZ"\n\nThis is a multi-part message in MIME format.\n\n--XYZ\nContent-Type: text/plain; charset=utf-8\n\nHi Ben,\nattached are the invoice (about 1 KB) and two photos.\nAna\n\n--XYZ\nContent-Type: application/pdf; name="invoice.pdf"\nContent-Disposition: attachment; filename="invoice.pdf"\nContent-Transfer-Encoding: base64\n\nDyP5TiyJLSrBt0frXoTd6/DgRK8thvaKUbCx+bInzJJMYG4itlMkDxpB9FOZLvhvqZtidw1lEX44\ncjbhO2FbvyE8BXcsHJWoOKcPhR6+S6HVrf0g4+YHEKU8my7Ksa7AsYddEEqXRIwZ8r7X3QNSPSGP\nL7pk7YKA1HTxP7Xaryso30tU0qy6GgQ54mWwwNxbJmXtnB7eIhdG/Xc6yLrpbdc9sfQ6pi8geSkH\n5wmGxOtHGIFZBxjR1+0erNPD6X7b3nEYtS6UA67XcXOPs42AW1/MMh/J8QC4XCZsQTO1l8IkUNT7\nptmgqlq0d9deSl+Cyx3P8SOefevgHAQ5HmeOpYa2ZTg8BAFzlWDXomo0+iZM95UW6tsMwvRibUt2\nhx/hk6uJ0N4cdzA8S/PfciQJn2zDIf2+kLl/a/82S6Pkvh256XUUhtKXlFVhlR4WoWv9xoaD5Uct\nvujEIUmzW7MbATMCWlOXYG8AWNnR88xE9DetKZzctAbvPXRxbob2Z/xifn/9przxrCcg9NkNlYoZ\nAucyollkZ9RqRibakE6knZ9BHs8+r1bH+DOr3onU/vjE8VbnAFgEjgn7lXozyChnfiyNu+BQwKxK\n/H55kc7MmRe4vnV5iL2ORfPO6L2F1xjqKdxUr58hpiTdc25BbfZ+6RwcJXf5BBLbq6v+vlt64qBc\nTxmUASBrXgio5y0Q08DzZTlKGxquAItMOURpI7X5RMpwrkVselU1Co6QcU0j7sISUXoVF8lb36pe\nqnY5100rUExUL2q4AikMTc7p5UGp7bv/8xdEt+ZMq6VCSHayNGS4UlbIflv3CbU8CrbUrtbLNAMh\nJpM0390fOnwtzZbyLH0/X0ROiZ007GPyd6uMteox+s+0/JRnBB8dRQeo22PGCIWIX68lzoEvuY1C\nJDs7rnd+qnykFK/kEsaYBCtTFYx4jm3K4ziSRJnGVmCa6Fhu69fRV59TocmOaPx5Djgm7yupWgII\n/LOrFq+EdjBMHvKPgcd3TgIyF251FFTTe1B4ZgE8bDGNnZewrDXIYimEu37jNqx147a9PrbvH1Ax\nbEolYZmaJRSET1qU612ZWIzz2UjKeOEFMRXndU6DOL6Gcl5O5WgiHaCdfQBHAakNtsOMZl3v16vQ\nmWZhZVnhtn+Myo6wJRCiDr1yf9IZdsWZQW3/B7ouwpVsUyevCegH558xyqoFqzXArjjE2tv4bPSN\nBYj2db20NI4iuaI0N5Hntwwy3oRliTH755Nioj6+bGNOyTv/jO9rv+iLetj0gRnC2EjpMYIXNdlH\nxu7bVwFJ3PtbizFGv3ucsFtw+jjIVn8MWCJFurioIzC1gesLj1qg1lMnJyQdflqCO17vbCvMjVIa\nEA3/IQwss6RbeIRrVH0kKKbB1w/FYxcRKU9PfA2KZey3lewMbxsh7fJNZlOD+byB+6Hb6ED67ge6\nXClpyU18iDQ0EP/We3NmItehz4Mmk77lbc2kWDhSNvV0bklPh27BJzGTks4FmghN2r7kM0L4GUqS\n7flWKzaXX50hlCQ1tbxzp6hMKvIO2ComeCIXnd9IPuWkR5P2GCZH7ZgYAKkkg7oVQ5GhbwWygA3t\nsPmBOZxN+BNHZ7J9LDuAgy8khpU0ydhbdmYxxncV8dLK6k8sGw==\n\n--XYZ\nContent-Type: image/jpeg; name="photo1.jpg"\nContent-Disposition: attachment; filename="photo1.jpg"\nContent-Transfer-Encoding: base64\n\nBCt07JLDGdJLNaJzQa40SsXIUBu/tVZjUsfHK2fDLsp4d4xNc/YcltGNoYQMLm6DurOBT+JhQnJ6\nf7z1iLLn68gkRVLzFKKSulbG4KagpwCn/F8Mnjotk4tEsrVFkbaSqZhV3/inrbt6eYVk3zS5QV4c\nTYBGUIp5CvXUadR8iz3B4m8Th0lbLkRGxfdxIhd4VwzVm9U6heF5DECs6qc7v399TArlSYomlWz/\nMx7oe5VOHScx3Yw8onHycowyZ1QlRHNOVOYFNzwYCDbmIDyoZSON1v7rJ6NfnqIjCtgUWbTTDCCT\noV9ol54zKS5v3jy5kt3c10tC5XtWPZgrvBVzHEuktO9Ae+SgVrQ4dYen5c2hny1fhd72yhO8Klv9\niy3KH/zqFoH/MqfqY/HlMz2INL8NWtdg6wL8julQ1Hq4nc4slP60/C68InIFikt8CFytvK7vXQUC\nbqTZGAF43ahYTEmf42IZBhQ/uH9Xd/3Jvi+l1KDHbpb/7QAl+7k+w3sadVuPKwePiBpxNZ5ZVn27\nIXqZ2y7cwMl1wBiRH5tEB3USUVegeA3tqr81p8Tk9EcFy3Rpn/n36WNT7Ruz7EcCxz8ODR85iazV\nOZ6y+sfrlcccroSPSCQdybFFqCDkR0yQGTiY8vOiCNvzDAydN2RfPH4wRd7HYODx7Bw5kneIyyEj\nr9FFyWKQSFUjz1dfUrSkksfzq6TibvA4ejFZM0W22umcYmZX7MhFmJeGB5Anyf4dUQiLfpKEDK2n\nxu8utzFKFMGyadUQo7kFaqg/iX75kwglisKX/1qS+VIrFjXZN02E/jirAAisd7BtMCXFAMDYdrs7\n8ciHVPd2OIjDu6UAITDQ+fjhtq33qR8pYQc+5lD7PyYwky+jSI8wOigQNYcTYyYCDCpDOk40raha\n4SN6cSoaZL9dNGAMggumkSQVOH4NW4Z7pLarnx0lHW8TMzyzGv/Zb7Nyde/U/KQj+t6wSu6p4UwX\nYa1sOjnynx/u9/apRVDUQcShDWJMT3Lv2mn0SeI3S0aFO6oFDkpUt2hQHmyHetpkgSa6qu6qt9Bt\nV5qNbUt0JhuVh/TSJwc/DacHN+1yZ5GdMYMr2POEiBlVzCCDAqp5El8sJkiBVfPC8BEmTQjW6pNO\nYTB/cL4DgHGjNw+vk/4mP/d9SUZddXyLRyThw86Uw2YUWacKhgxB0OLeqlgmdW9OEdbngVDpea9V\nCGFpCkducv2XKlfKvx32e5v8q12ygpRYnZcn73klZO191YYbN4BfurRzpqv7gNPI4PMr52lxGxNx\nSa4m/GfIR+p1Zsdx/L/evUoA7xUiYnRAZwuRT1MIE9qflGIvGvL8jrL5hwQZuyT4XuGsBYOwjAgS\nmnd+1jiPvcCRx/CiWcJr54duroeAbAwipEqpHB8IJKV+issJeawGPvJo+Xf55NX3w2JCNuoggMS9\nGUlaStDPaQiazgesrXtnqB1fspEkKw/5EXCyeIktRMQpNL8WBzdArynKY+IC5KFSSR2rmMhb21Ul\nzEROUW80qeQSSt8yqSO8l54+0ALkwFQWzwOAJ1hpj2aeJ4Yn+Tcp9xaefAq76JmmELUQDzyPAzjH\nljHxn3sBLZkEE1P/XRIFxTy3jNSvaabzzn5n4QtWz3xcbpOxqmxPaSNRYRrkH+IqaATxuHeCbz8v\ncyR9tpQTsKD9ATk7YoCakITZbk+q255uVV+PIuhrQAKJrnDc1y5KIWVSLOomvWii8iWJNhnzHAOE\nlQUTQK2AU8GgqgD4uX+Z2VrV6rbXYuCcOt3K2hiOH6MULuJnSs1zwue4pmoSJp81dMqH8Jfz45Cs\n4/khyOpaEVr5XQMC9NjdNqQZ8nwm9UpHIqgRx3iwg1Li5SYAK0Z/h+Zpc9Nk0TM+sNfqxO+hj94c\njwxJxfwsxpSLEDusJV2anMw3kp31amN7+Wg4Up4EB44m7WI1dumbDy/zPb1BnbPCjQmKKMwSTPuZ\nfZZL97ziGUZj/B/pV/kk8kiPzF/pVHHbHoELoa2SxmsIdNlCWZDZiwzlrH8nHiMC5Gb94EpdNLoV\n3hwSBsrQYkhEHZD+yC17yWQ0fR3jELIa6s3jZuJ0u6tpGLbQ81DfccUYYFySGh7pjWf3I+3VSpST\nySQgMb+jmxItGPZFpp32mv2b06T/HriWAEnnv3gDPMySeUS5u0JSwdnXMMfwLClK0uAEu2OdNeb3\nMxTcH13CpcxH/tM4TUgijsXhI1D04HICS2lvWtRo3aQ73FqERkDVNm06ZVSTlTsKAmz9i/yrLJzW\nB8atVx7imTmi2bnlw7fL+2bPcbgt8qS35KOFf+INEwIMaXi1xgV5LXIk5m3ufljioBOwqx/3b651\nJsdPg79/nnQvocY0qv41crTdYnVhelYbzlFs38o4WcyODTu/+usDiXXYU4jhGyGPK086f7B37cYZ\nLm3F9blaq+TX5ht9ngJckDTTFCNCdOA4+XsmnWXDH/YqijCEcFS41KBI38f7iYTp572jscV6tLAy\nX9eY8XmtBUOyN7lqmJ5/a3pbzPKiKLlLstITO/qXRAgOHKZbQ+yOct0BTLMcPkZ/cY3G62LKXVzi\nANYdNjLLojjQZdKqUEBkPSUmjEiPd+h+bCqzndHtEMftqWaJPf5XUzpnsyzFggGi4FRSnzAkGWJm\n7fed3haTxS6flqhic9/MISrIrRm8tIRUBMddb+sL54eG6I0Zp0r6/2q432Q7vUwqzGva0HIO5xaf\nSOiHFBGuB+k7r9HuNTK2Pm6B1WDSf9fZmAHKb70mLLOY/sagSR9Vz1Q8+hGMqhYyiwI+DlQ+NTv3\nrfs/QNd/V87WCIIGob49WmFDVaUgCNPKUWKmWxWiEheStzlfnUjqEwuMYcooQodEQsJ1aaaYgWFr\ng9AJWdVz2Y9Zrc85Sbbr3a8PUR5HS1Alc5zPdoNKB3xwrtlXDVkTzTzatANZQmIBxG41q3aQY482\n5i8IVnRDZBr25lzEKSLhERdegi1SNVpccEia/4ZapnZjJD0irOiFr/uxWOEZZlCTbH9mzNl+IYKj\nXlg0kt6PsI0folzQTE48plucuCtfADhvcSzKI4h0wQ5HeIDr6d1MdLPugJF3nVd4Fg1kvIyx1vop\n7StzwxU++h09q/aqMOJvlVaNPqixweIFhBgFnCq7vD/koc481/3xRapm4mYp90Iuv/xVJBcel/uh\nvVg3M1iYEZPNtqWSOh83ByI46DfRYoUzazD1au2rPDiVgVSf+Kn7wtkFwGpLCx6Q3OeV07hTCEDd\njM6djPrf5xY+JQ08eXgAQYS7rgc5ok9f4c4z9Weq2/u6Q+U2hsW9H/CVRq1+YnMvX98ejEuWoz0N\ntt7MLyueo7qebM9XTJL8+j9h6KA8TVeB81ZWkchB6iRmdH5Eco1BE6zpZExjIo/asegej6AN3+nM\nPzF7DBd5bAAisvTZAgJUmo5n6912braM+rBeytQXGK/pvwiC7wuQDb1Z4Ok6cHO7JAv+TlZZESAi\ndtJ2l8a2061TSNSsmNquBOVMfFGz/G8VKTxNN/3EIa3wzSaK39sdUp9CvhUfJobOtceQ3H5HfV1w\n0HidK0TXcsi0Q3+ApHDJGd1ey7Qkkp51Ck9s0Jkew7cLYHCvIcgyCNjwPhNXq0TI/4XD3/x8Ceri\nuCMK2xVrL15Kn6Rte623owPOOiWEpxC/yoAG1klF9m3blKY93UeREK1axCTWEeGepCQEgn/mKw5l\n43VeYwuYVg2g4xjKo/m8cjrUTypO2uxq9LrUHmPR+NZTHLqdoPdYgPP1vD3wd+SOx03XDYiORm+c\nQm6uVz8e0gWur4cXjsr6W5Rib0641goOlRchjEkCFIVeZmxzbXDku1TduaqTKGsWy/3TkJ5Bhf2v\nHhm+hcaZk5QzKM41NBrNi1KQM4sZsYBDnwbbx0etGTJkEIuCcAspbab5VEs5E+XhQeXhlcbUOWhS\nrAVAloEStPZfrhrjqEYKxaSYZmJVyOf99H0NRRVzOp4X7sf8RNm/4bgHGD2xprLlHDXyt6PXCRcB\n54GCP3L+XslBonTKoIhBe4783ncHen6skjxG8JN1hC8KXxLLFYh7FRO9X891vu3qmpv1\n\n--XYZ\nContent-Type: image/jpeg; name="photo2.jpg"\nContent-Disposition: attachment; filename="photo2.jpg"\nContent-Transfer-Encoding: base64\n\neAyQpyPBJ27QubuQDLyfDoU0A04gF410FhaXNmm0Z7ScOLA1Bu1v9uuQmT0pb3D3rKg99Vs6v2lC\njvkhZrIwVTomluIX+v8BFmeL0YxsSYq0gbjUt6kZJkUC+pBGulfrLrhZtPaoIM/aHYGKAZjxc3V4\nOsuc6LHcc9k2KV3SipvVjSPTOvVXCcrwX0Op71bcf+hnYJ2+CRCa0+Jgp0QqSQQ+OyugJuWrBPUb\n9zw1S6IRphGcXGhcAweJDU5hU5zlP0GrGhA9TXmJUcg04yyUsaBtDyoqbqSUTB6cCCrAIZy/P31B\nEJ8ZIpI61rhFTnOg6dCzRzmUGCJPhFUAdCoYwrLCMdVP8KwSHAPNiga6BgLhp0JiDKX2zCAx8vln\ng8J4z0gbLXuyCu1tx7ce//BMsJefnA+b0hY28kHjuUxqoTWfO/+DpUrcysdZNalifjn5yz04zlvX\nCU1ZmK0tUzYuNuAnvvCsWl5QXTib4HKav1MYYrpjspRGz/9/ZPzpP6FAecUt1nVr+QqaE8NP9VKI\n0FVipncQ7nvCi0I3arGHJBuP6pG2ETbvjPVpYh0uAGVYMYHBOHvSyJNC1NjMwA77iL+Kdn29HXoz\nqU61WmO7+8BpSZmvnRNiXbbTtOi7nAISVM3O3if9GxuFk0xMeXh1UFoR4gKXjq3rQ7VQgNVLPmlH\nd/Xn0lmqhZ2bq9kbb+E86OYeQllu40NLgO8fGhk8nNVFgMXratq+mShsw6Y58OSTbeWEx5J8DqUx\nJlKDvsMij85mflVWbM4pk2EgKUJba2aur+hkH2L8kCuiXw1zzF2pbKyD7KU9JnL3nSVUKI2SZUr0\n/NksRXXIqiApFlA1wPLDq7bePt3frcD6zFxuE/fQ8tTxQ2zNzdF7eHgl/+3OLz6gRslwJdpfEGo7\na1Eg4BCEZQ6aF1n3WlM5v1DFBFHltcGA9u9mLcnz2go2LuGCiRjeJz1ddvQVeDr/qYm7ib9wBGbo\npKcThmcoSZixq+R899R5ehEFa6Hm9RAVrzBfUecIfwdBnp95WpXEeK9gExF6VA5nPJhZAM98X2gs\nONfM+DIn7XmPK1Sj2WdCIscfOMSxfTW81iN24zcuzhfEnQH5vbN3urlrg6H/jDN24PhMOOinKnlI\n2Gvlh+DfikBprHSaE15ZgI8budQcs/mDNYSCa8Xu4E8k5T1L2BWLm7f+MIo92rCpR9QMtqebKDH5\nPz7ixFqLZq56cj17JweOYqcA3SI8InBqICP4gPUrKfSCPv8jjd7vG8cdnnIzErEI3VG3CT7NE9BH\nK9Eij/ZPZZvniTQjIbPamm9Xq2z97hlgzIJrWPuEFAubFdsJCsHPkbu9ARhSiSDkvX1WCPlWYZbn\n7RcxLLn/pQlz84uwCbIbpWavf9Z6+USSbsdwGZocGZTla9iErq/RiXW69JiZF9BbI65YsIK54ZfZ\nEXbF2UgFuSvYzn3KWXAiDzI0n8SxSwKAVTCX49dmih0SmxbtMA+pQLrhJT49m/5CrpHIoJUCoCsR\nYToBLOhvahoF6WdaEwls9sNN+K6wDhKA4zRsaFC21l7EbQ/pYcFYmCSMXBJqbCsBCEhOrnmeo3or\nFrPcoFo9Z7jKUI6whR5EzhTT8o51cKu/54Jtx4+E7ok90BvSmrYW1y0FwHxVa8/8f++wE8x2Q3RT\nYfHSwesa/BIJh3cUVVmPRuDB3yYQ6Ss7NZr7mpzXJDygfB9RcppYlXvGscv4Pi479IHipMOmoEOx\nWdV8H4uWRgArnDsEY4ufLAnIV67EBLsWzqG8pulpR3FaNFE7yahJqunfa7ub+hbjdtVDVTHg4Goh\n6ve9Cii7ZJqGlLBsuoKPaTIFi0CgTMJP1Z4O/Qa3d3QDYWgf68JM1mWX998794sbXepZlnI2zH/o\n6yRbNqlmCQ2UYIWHNARsLS4kGZabdRD1eGs6xiWvruSRelCd3af2+mNROdIX689JytNTxAmiIxgd\n+6S2zP0j/BYvDhsqwY8aTKF9/ciQdMcJ86GOSqae4/OUrDFB3ZsUwIObxeV+VMI3V5nzQaL1amUN\nKAI4i6vhUjT9+KgFVEA/FbSPH/QLoN9U/7C1EOZcHjOcNe2YEh0U0N5zKRyVIzEBMEjPe9jLa9fN\nMnigAizc3Q69ixk1k3X32gEAHfgYr6/7LUQtYY+0BSaVWE3PFb+Ov3iY8iS5QaZ0ScYHpNcEiWBk\nPyVnRRVbiqAYK6pjsYP2kmn5e80x11J+fVeY3vXDJYDfbxFnvUdhF6GmkdvXMT/eR3tHwz0tH5JJ\nvKrQqNqgmmh0nWR27JrE+9t3l/rzOOLDgmkEO1o6SxzPSr64lpidDajaO/xwjZYbqI0JtMZxlE1T\njYmK8++lJ5qiDXXBXdATMVGlkZoSb5lTNoPuT4elsSIu7hcQDxGhyfE0GCWBUGCdpF5VDTfS1rPt\npBf7YwCJBJCRhX+KbtmE55Z7bWuGl88b4e4U3SZhDeIDsPtM0NFUFiODeMCg0CkHKn20dYg/ewFY\n1F1wWKM6TZO0AYAQ6IupUUPRq4AhGOpyElgSLAOyHyl3RF9VDl4H3P2JNuxZJ26y4qKAy0mslOl7\nxuvwbac8s2+5vnn073JR553Qw/kSrPo2HHng0FU0NTTe5lD8b8+CBh9AfJ+CGLtkoxSgdZoPBcFF\nFVZ+3L1eQ53/qH/Ta95hnQhV3Y0IuYZTbf/dD47IO+DWxOkVycW2fukq9PFSV5qUEoUpO+Ju\n\n--XYZ--\n'
DEBITS_STATEMENT_OFX = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>EUR\n<BANKACCTFROM>\n<BANKID>12345678\n<ACCTID>0099887766\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n<DTSTART>20261101\n<DTEND>20261130\n<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20261103\n<TRNAMT>-42.10\n<FITID>20261103551\n<NAME>Supermarket\n</STMTTRN>\n<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>20261105\n<TRNAMT>2150.00\n<FITID>20261105548\n<NAME>Salary\n</STMTTRN>\n<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20261110\n<TRNAMT>-89.99\n<FITID>20261110459\n<NAME>Electricity\n</STMTTRN>\n<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20261118\n<TRNAMT>-12.50\n<FITID>20261118699\n<NAME>Cinema\n</STMTTRN>\n<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>20261120\n<TRNAMT>20.00\n<FITID>20261120814\n<NAME>Refund\n</STMTTRN>\n<STMTTRN>\n<TRNTYPE>FEE\n<DTPOSTED>20261130\n<TRNAMT>-4.90\n<FITID>20261130487\n<NAME>Account fee\n</STMTTRN>\n</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>1520.75\n<DTASOF>20261130\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n'
NOZZLE_PRINT_GCODE = '; generated by PrusaSlicer 2.7.1\n; nozzle rated for 260C max\nM140 S60 ; set bed temperature\nM104 S205 ; set nozzle temperature\nM190 S60 ; wait for bed\nM109 S210 ; wait for nozzle\nG28 ; home all axes\nG1 Z0.2 F3000\nM106 S255 ; fan full speed\n;LAYER_CHANGE\n;Z:0.2\nG1 X10 Y10 E0.5 F1500\nG1 X60 Y10 E2.5\n;LAYER_CHANGE\n;Z:0.4\nM104 S215 ; hotter for the bridges\nG1 X60 Y60 E5.0\nM104 S208\nG1 X10 Y60 E7.5\nM104 S0 ; nozzle off\nM140 S0 ; bed off\nM107\nM84\n'
WEEKS_LOGROTATE_CONF = '# see "man logrotate" for details\nweekly\nrotate 4\ncreate\ninclude /etc/logrotate.d\n\n/var/log/app/*.log {\n    daily\n    rotate 14\n    compress\n    missingok\n}\n\n/var/log/nginx/*.log {\n    weekly\n    rotate 8\n    compress\n    delaycompress\n}\n'
NESTED_SUBSCRIPTIONS_OPML = '<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head><title>My feeds</title></head>\n  <body>\n    <outline text="Tech" title="Tech">\n      <outline type="rss" text="LWN" xmlUrl="https://lwn.net/headlines/rss" htmlUrl="https://lwn.net"/>\n      <outline type="rss" text="Rust Blog" xmlUrl="https://blog.rust-lang.org/feed.xml"/>\n      <outline text="Podcasts">\n        <outline type="rss" text="Changelog" xmlUrl="https://changelog.com/podcast/feed"/>\n      </outline>\n    </outline>\n    <outline text="News">\n      <outline type="rss" text="BBC" xmlUrl="http://feeds.bbci.co.uk/news/rss.xml"/>\n    </outline>\n    <!-- <outline type="rss" text="Old blog" xmlUrl="https://old.example.com/rss"/> -->\n    <outline type="rss" text="xkcd" xmlUrl="https://xkcd.com/rss.xml"/>\n  </body>\n</opml>\n'
PROPERTY_POM_XML = '<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0"\n         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>org.example</groupId>\n  <artifactId>shop</artifactId>\n  <version>1.4.0</version>\n\n  <properties>\n    <java.version>21</java.version>\n    <junit.version>5.10.1</junit.version>\n  </properties>\n\n  <dependencies>\n    <dependency>\n      <groupId>com.fasterxml.jackson.core</groupId>\n      <artifactId>jackson-databind</artifactId>\n      <version>2.16.0</version>\n    </dependency>\n    <!-- JUnit 4.13.2 was replaced by JUnit 5 -->\n    <dependency>\n      <groupId>org.junit.jupiter</groupId>\n      <artifactId>junit-jupiter</artifactId>\n      <version>${junit.version}</version>\n      <scope>test</scope>\n    </dependency>\n  </dependencies>\n</project>\n'
CLOCKED_TASKS_ORG = '#+TITLE: Week 48\n* DONE Write release notes\n  CLOCK: [2026-11-30 Mon 09:00]--[2026-11-30 Mon 10:30] =>  1:30\n* TODO Fix login bug\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 13:15]--[2026-12-01 Tue 15:00] =>  1:45\n  CLOCK: [2026-11-30 Mon 16:00]--[2026-11-30 Mon 16:50] =>  0:50\n  :END:\n** TODO Write a test\n   # CLOCK: [2026-11-30 Mon 17:00]--[2026-11-30 Mon 19:00] =>  2:00\n* Notes\n  The review meeting ran from 11:00 to 12:00; nobody clocked it.\n'
DIRECT_DEPS_DOT = 'digraph deps {\n  // an arrow points from a package to a package it depends on\n  rankdir=LR;\n  node [shape=box];\n  app -> {api ui};\n  api -> core;\n  ui -> core;\n  cli -> {core util};\n  util -> core [style=dashed];\n  // legacy -> core;\n  tools -> {util core};\n  core -> log;\n  "core-tests" -> core;\n}\n'
THIRTY_FIFTH = [
    ('Starting from 27, how many steps does the Collatz sequence (halve an even number, triple an odd one and add 1) take to reach 1? Use code.',
     {}, '111'),
    ('One pump empties a pool in 6 hours and a second pump empties it in 10 hours. How many minutes do the two take working together? Use code.',
     {}, '225'),
    ('What is the smallest number of people for which the chance that two of them share a birthday is more than 50%? Ignore leap years. Use code.',
     {}, '23'),
    ('How many points with whole-number coordinates lie strictly inside a circle of radius 10 centred at the origin? Use code.',
     {}, '305'),
    ('A ball dropped from 20 m bounces back to 60% of the height it fell from. How many metres has it travelled when it hits the ground for the fifth time? Use code.',
     {}, '72.224'),
    ('How many litres of water must be added to 10 litres of a 40% salt solution to make it a 25% solution? Use code.',
     {}, '6'),
    ('If I put 200 into a savings account at the end of every month and it pays 3% a year compounded monthly, how much is in it after 10 years, rounded to cents? Use code.',
     {}, '27948.28'),
    ('Income tax is 0% on the first 10,000, 20% on the part from 10,000 to 40,000 and 40% on the part above 40,000. How much tax is due on an income of 55,000? Use code.',
     {}, '12000'),
    ('How many terms of 1 + 1/2 + 1/3 + 1/4 + ... are needed for the sum to exceed 5? Use code.',
     {}, '83'),
    ('How many positive numbers below a thousand are palindromes both in decimal and in binary? Use code.',
     {}, '10'),
    ('What is the smallest n for which n factorial has more than 100 digits? Use code.',
     {}, '70'),
    ('How many right triangles with whole-number sides have a hypotenuse of at most 50? Count each triangle once. Use code.',
     {}, '20'),
    ('How many sequences in seqs.fa are longer than 50 bases?',
     {'seqs.fa': LONG_SEQS_FA}, '3'),
    ('How many captures were made in game.pgn?',
     {'game.pgn': CAPTURES_GAME_PGN}, '8'),
    ('For how many seconds in total does Maya speak in talk.vtt?',
     {'talk.vtt': VOICES_TALK_VTT}, '11'),
    ('How many ed25519 keys can log in according to authorized_keys?',
     {'authorized_keys': ED25519_AUTHORIZED_KEYS}, '3'),
    ('Which port does the SSH server listen on according to sshd_config?',
     {'sshd_config': PORT_SSHD_CONFIG}, '2222'),
    ('What is the average clock speed in MHz of the processors listed in cpuinfo.txt?',
     {'cpuinfo.txt': CLOCKS_CPUINFO_TXT}, '2500'),
    ('Which process in ps.txt uses the most memory?',
     {'ps.txt': MEMORY_PS_TXT}, 'java'),
    ('How many partitions does the disk sda have according to lsblk.txt?',
     {'lsblk.txt': PARTITIONS_LSBLK_TXT}, '3'),
    ('How many of the listening ports in ss.txt accept connections only from this machine?',
     {'ss.txt': LOOPBACK_SS_TXT}, '4'),
    ('How many jobs does the workflow in .github/workflows/ci.yml define?',
     {'.github/workflows/ci.yml': JOBS_CI_YML}, '3'),
    ('How many EC2 instances will main.tf create?',
     {'main.tf': INSTANCES_MAIN_TF}, '4'),
    ('How many commands in .zsh_history did I run on 30 November 2026 (UTC)?',
     {'.zsh_history': DATED_ZSH_HISTORY}, '5'),
    ('Who owns docs/api/intro.md according to .github/CODEOWNERS?',
     {'.github/CODEOWNERS': LAST_MATCH_CODEOWNERS}, 'api-team'),
    ('What is the total size in bytes of the files attached to message.eml?',
     {'message.eml': ATTACHED_MESSAGE_EML}, '6355'),
    ('How much money went out of the account according to statement.ofx?',
     {'statement.ofx': DEBITS_STATEMENT_OFX}, '149.49'),
    ('What is the highest nozzle temperature that print.gcode sets?',
     {'print.gcode': NOZZLE_PRINT_GCODE}, '215'),
    ('For how many days are old nginx logs kept according to logrotate.conf?',
     {'logrotate.conf': WEEKS_LOGROTATE_CONF}, '56'),
    ('How many feeds does subscriptions.opml list?',
     {'subscriptions.opml': NESTED_SUBSCRIPTIONS_OPML}, '5'),
    ('Which version of JUnit does pom.xml use?',
     {'pom.xml': PROPERTY_POM_XML}, '5.10.1'),
    ('How many minutes of work are clocked in tasks.org?',
     {'tasks.org': CLOCKED_TASKS_ORG}, '245'),
    ('How many packages depend directly on core according to deps.dot?',
     {'deps.dot': DIRECT_DEPS_DOT}, '6'),
]


SETS = {"main": TASKS, "heldout": HELDOUT, "third": THIRD, "fourth": FOURTH, "fifth": FIFTH, "sixth": SIXTH,
        "seventh": SEVENTH, "eighth": EIGHTH, "ninth": NINTH, "tenth": TENTH, "eleventh": ELEVENTH,
        "twelfth": TWELFTH,
        "thirteenth": THIRTEENTH, "fourteenth": FOURTEENTH,
        "fifteenth": FIFTEENTH, "sixteenth": SIXTEENTH, "seventeenth": SEVENTEENTH,
        "eighteenth": EIGHTEENTH, "nineteenth": NINETEENTH,
        "twentieth": TWENTIETH, "twentyfirst": TWENTY_FIRST, "twentysecond": TWENTY_SECOND,
        "twentythird": TWENTY_THIRD, "twentyfourth": TWENTY_FOURTH,
        "twentyfifth": TWENTY_FIFTH, "twentysixth": TWENTY_SIXTH,
        "twentyseventh": TWENTY_SEVENTH, "twentyeighth": TWENTY_EIGHTH,
        "twentyninth": TWENTY_NINTH,
        "thirtieth": THIRTIETH, "thirtyfirst": THIRTY_FIRST,
        "thirtysecond": THIRTY_SECOND, "thirtythird": THIRTY_THIRD,
        "thirtyfourth": THIRTY_FOURTH, "thirtyfifth": THIRTY_FIFTH}

def alias_of(model):
    """The name the server gives the model, as llama.cpp does: the file's stem. The product picks
    its harness by that name (a small Qwen keeps the classic profile, a large one gets Qwen
    Code's), so the bench must not hide it behind a short alias."""
    return pathlib.Path(model).stem


def start_server(python, model, port):
    proc = subprocess.Popen(
        [python, str(ROOT / "tests/local-model/llama_server.py"), model, str(port), "8192", alias_of(model)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    line = proc.stdout.readline()
    if "listening" not in line:
        raise SystemExit(f"llama server did not start: {line!r}")
    return proc


def events_of(stdout):
    for line in stdout.splitlines():
        try:
            yield json.loads(line)
        except json.JSONDecodeError:
            pass


def task_folder():
    """One folder for every task, at the same path each run, emptied before and after: the
    prompt shows the working directory, and a path that changed from run to run changed the
    model's first reply at temperature 0, so two runs of one binary could differ by a task or
    two. (So two benches must not run at once.)"""
    folder = pathlib.Path(tempfile.gettempdir(), "oi-bench-task")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    return folder


def run_task(binary, model_args, request, files, expected, timeout, keep=None):
    tmp = task_folder()
    try:
        work = pathlib.Path(tmp, "work")
        work.mkdir()
        for name, text in files.items():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            (work / name).write_text(text, encoding="utf-8")
        # What the model's code installs with pip (pandas, when the task's code wants it) goes
        # into this task's own user site, which Python reads, and is gone with it: the next
        # task, and the machine's Python, start without it.
        env = dict(os.environ, XDG_DATA_HOME=f"{tmp}/xdg-data", XDG_CONFIG_HOME=f"{tmp}/xdg-config",
                   PYTHONUSERBASE=f"{tmp}/pyuser", PIP_USER="1", PIP_BREAK_SYSTEM_PACKAGES="1")
        out, seconds, timed_out = exec_json(binary, model_args, request, work, env, timeout)
        if keep:
            keep.write_text(out)
        if timed_out:
            return dict(seconds=timeout, answered=False, computed=False, kind="timeout", answer="")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return dict(seconds=seconds, **score(out, expected, files))


def exec_json(binary, model_args, request, cwd, env, timeout):
    """`interpreter exec --json -y` on the model (`model_args`, from `start_model`): its events,
    its seconds, whether it ran out of time (its events so far, then)."""
    start = time.monotonic()
    try:
        out = subprocess.run(
            [binary, "exec", "--json", "-y", *model_args, "--temperature", "0", request],
            cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
        ).stdout
        return out, time.monotonic() - start, False
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return out, time.monotonic() - start, True


# How much of one run's output the scorer reads.
OUTPUT_READ = 1 << 20


def score(out, expected, files=None):
    """What the events of one task show. The answer is the last assistant message that no call
    followed: a message the engine took as a (broken) call is not an answer, even when the
    expected value is among its arguments. Nor is an answer that holds the value only by quoting
    a whole file of the task (`files`) that holds it."""
    answer, outputs, runs, failed_runs = "", {}, 0, 0
    corrections, correction_ids, request = [], set(), ""
    for ev in events_of(out):
        msg = ev.get("msg", {})
        t = msg.get("type")
        if t == "assistant_message":
            answer = msg.get("text", "")
        elif t == "tool_call_proposed":
            answer = ""
            if msg.get("call", {}).get("name") == "format_error":
                correction_ids.add(msg["call"].get("call_id"))
        elif t == "tool_result" and msg.get("call_id") in correction_ids:
            corrections.append(str(msg.get("output", "")))
        elif t == "tool_result":
            # The harness's hint after a run's output is its words too (an answer that said
            # back a hint quoting "4: carol login" held a 4).
            text = str(msg.get("output", "")).rstrip()
            at = text.rfind("\n(")
            if at >= 0 and text.endswith(")"):
                corrections.append(text[at:])
        elif t == "user_message" and not request:
            request = " ".join(i.get("text", "") for i in msg.get("items", []))
        elif t == "exec_output":
            # A run that printed without end (the 0.5B model's `while True: print(...)` streamed
            # 391 MB) is read as far as any answer could be in it.
            so_far = outputs.get(msg.get("call_id"), "")
            if len(so_far) < OUTPUT_READ:
                outputs[msg.get("call_id")] = so_far + msg.get("chunk", "")[:OUTPUT_READ - len(so_far)]
        elif t == "exec_end":
            runs += 1
            text = outputs.get(msg.get("call_id"), "")
            if (msg.get("exit_code") not in (0, None) or msg.get("status") != "completed"
                    or "Traceback" in text or "Error" in text):
                failed_runs += 1
    outputs = list(outputs.values())
    parroted = said_back(answer, corrections, request + " " + " ".join(outputs))
    # A numbered list's markers are no values ("3. **Adjust for the leading space**" holds no 3).
    said = re.sub(r"(?m)^\s*\d+\.\s", " ", answer)
    quoted = quotes_file(answer, files or {}, expected)
    answered = (holds(unechoed(said, request, expected), expected) and not parroted
                and not candidates_listed(answer, expected) and not quoted)
    computed = any(holds(o, expected) for o in outputs)
    if answered:
        kind = "ok"
    elif quoted:
        kind = "quoted a whole file"
    elif parroted:
        kind = "said a correction back"
    elif runs == 0:
        kind = "no code ran"
    elif computed:
        kind = "answer dropped the output"
    elif failed_runs == runs:
        kind = "code failed"
    else:
        kind = "wrong value"
    if not any(ev.get("msg", {}).get("type") == "turn_ended" for ev in events_of(out)):
        answered, kind = False, "timeout"
    return dict(answered=answered, computed=computed, kind=kind, answer=answer)


def quotes_file(answer, files, expected):
    """Whether the answer quotes, whole, a file of several lines that holds the expected value:
    the 0.5B model's "The output of the code is "buy milk\\ncall the plumber\\nfinish the report""
    holds "report", the last word asked for, only because it holds the whole file (twenty-first
    set, task 31)."""
    flat = " ".join(answer.replace("\\n", "\n").split()).lower()
    for text in files.values():
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) >= 2 and holds(text, expected) and " ".join(text.split()).lower() in flat:
            return True
    return False


def said_back(answer, corrections, quoted):
    """Whether the answer is one of the harness's corrections (or hints) said back (two runs of six words
    of it are in one, not counting words of the request and the runs' outputs, which corrections
    quote): such an answer may quote the value ("Before running your code you said 29, but it
    printed 30") without giving it."""
    def words(text):
        return re.findall(r"[a-z0-9.]+", text.lower())
    said, asked = words(answer), " ".join(words(quoted))
    sixes = {" ".join(said[i:i + 6]) for i in range(len(said) - 5)}
    sixes = {six for six in sixes if six not in asked}
    for correction in corrections:
        theirs = " ".join(words(correction))
        if sum(six in theirs for six in sixes) >= 2:
            return True
    return False


def unechoed(answer, request, expected):
    """The answer without the runs of three or more words it copies from the request, when the
    request itself holds the expected value: "The median of the numbers 7, 3, 9, 1 and 5 is 6"
    holds no 5 of its own (eleventh set, task 9)."""
    if not holds(request, expected):
        return answer
    def tokens(text):
        return re.findall(r"\d+(?:\.\d+)?|[a-z']+", text.lower().replace(",", ""))
    said, asked = tokens(answer), tokens(request)
    runs = {tuple(asked[i:i + 3]) for i in range(len(asked) - 2)}
    copied = [False] * len(said)
    for i in range(len(said) - 2):
        if tuple(said[i:i + 3]) in runs:
            copied[i:i + 3] = [True] * 3
    return " ".join(w for w, c in zip(said, copied) if not c)


NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                "eighteen", "nineteen", "twenty"]


def candidates_listed(answer, expected):
    """Whether the answer is a list of several values the expected word is one of: the 0.5B
    model's `['src', 'img', 'docs']` for the folder with the most files names every folder
    (twenty-first set, task 33). Numbers are left out: a list beside a count may well hold it."""
    if " " in expected or "," in expected or re.fullmatch(r"[\d.]+", expected):
        return False
    for items in re.findall(r"\[([^\[\]]*)\]", answer):
        values = [v.strip(" '\"").lower() for v in items.split(",")]
        if len(values) >= 2 and expected.lower() in values:
            return True
    return False


def holds(text, expected):
    """Whether `text` says the expected value: words in any case, numbers whole (2 is not
    in 14312085 nor in copy2, 165 is in 165.0; 36.6 is in 36.67, its rounding), thousands commas ignored,
    a base prefix too (1100100 is in 0b1100100), counts up to twenty also as words; values in
    order also as a sentence lists them ("30, 144, and 255")."""
    text, expected = text.lower().replace(",", ""), expected.lower()
    # A number written with Python's base prefix (0b1100100, 0xc8) is that number's digits.
    text = re.sub(r"\b0[bxo]([0-9a-f]+)\b", r"\1", text)
    if not re.fullmatch(r"\d+(\.\d+)?", expected):
        # Commas are gone from the text; from a value that holds them too (`d,e,f,g`).
        expected = expected.replace(",", "")
        # Words in order may be written as a list (`['apple', 'fig', 'pear']`).
        listed = " ".join(re.sub(r"[\[\]'\"]", " ", text).split())
        # ... and as a sentence lists them ("30, 144, and 255").
        said = " ".join(re.sub(r"\band\b", " ", listed).split())
        return expected in text or (" " in expected and (expected in listed or expected in said))
    after = r"(?!\d)" if "." not in expected else ""
    # Not the digits of a name either ("copy2" holds no 2).
    if re.search(r"(?<![\w.])" + re.escape(expected) + after, text) is not None:
        return True
    # A small count may be written as a word ("appears three times").
    return (expected.isdigit() and int(expected) < len(NUMBER_WORDS)
            and re.search(r"\b" + NUMBER_WORDS[int(expected)] + r"\b", text) is not None)


def bench_args(port):
    """The options every bench on a real model takes."""
    ap = argparse.ArgumentParser()
    target = os.environ.get("CARGO_TARGET_DIR", str(pathlib.Path.home() / ".cache/open-interpreter-rs/target"))
    ap.add_argument("--bin", default=f"{target}/debug/interpreter")
    ap.add_argument("--only", default="")
    ap.add_argument("--model", default="")
    ap.add_argument("--server-python", default="")
    ap.add_argument("--port", type=int, default=port)
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--keep", default="", help="a folder to keep each task's events in (N.jsonl)")
    ap.add_argument("--builtin", action="store_true", help="the built-in runtime, no server")
    return ap


def start_model(args):
    """The server (None with --builtin) and the options that make `interpreter` use the model."""
    model, python = model_and_python(args)
    if args.builtin:
        # The bench's own cache for kept prompts: the first task reads the whole prompt, as on
        # a new machine, and none reads the person's.
        cache = tempfile.mkdtemp(prefix="oi-bench-cache-")
        os.environ["XDG_CACHE_HOME"] = cache
        return None, ["--model", model]
    server = start_server(python, model, args.port)
    return server, ["--model", f"llamacpp/{alias_of(model)}", "--api_base", f"http://127.0.0.1:{args.port}/v1"]


def stop_model(server):
    """Asks the server to stop (stdin closed); one still busy with a timed-out task's generation
    after 10 s is killed, so that the next run can take the port."""
    if server is not None:
        server.stdin.close()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def model_and_python(args):
    """The GGUF and the server's Python: given, else CI's own (.ci/local-model.sh)."""
    model, python = args.model, args.server_python
    if not model or not python:
        got = subprocess.run(["bash", str(ROOT / ".ci/local-model.sh")], capture_output=True,
                             text=True, check=True).stdout.split()
        model, python = model or got[0], python or got[1]
    return model, python


def main():
    ap = bench_args(18777)
    ap.add_argument("--set", default="main", choices=sorted(SETS),
                    help="the tasks: main (the coaching was built on it), heldout (used to tune it from session 25 on) "
                         "third (written in session 26, tuned on from then) "
                         "fourth (written in session 27, tuned on from then) "
                         "fifth (written in session 28, tuned on from then) "
                         "sixth (written in session 29, tuned on from then) "
                         "seventh (written in session 30, run before any change made from it, then tuned on) "
                         "eighth (written in session 30, run only with its last binary, tuned on from session 31) "
                         "ninth (written in session 31, run before any change made from it) "
                         "tenth (written in session 31, run only with its last binary) "
                         "eleventh (written in session 32, run before any change made from it) "
                         "twelfth (written in session 32, run only with that session's changes), "
                         "thirteenth to thirtyfifth (written in sessions 33-50; each session's note says how it was run)")
    ap.add_argument("--rescore", default="", help="score the events kept in this folder again, run nothing")
    args = ap.parse_args()
    if args.rescore:
        return rescore(pathlib.Path(args.rescore), SETS[args.set])
    tasks = SETS[args.set]
    server, model_args = start_model(args)
    chosen = [int(n) for n in args.only.split(",") if n] or range(1, len(tasks) + 1)
    results, kinds = [], {}
    try:
        for n in chosen:
            request, files, expected = tasks[n - 1]
            keep = None
            if args.keep:
                pathlib.Path(args.keep).mkdir(parents=True, exist_ok=True)
                keep = pathlib.Path(args.keep, f"{n}.jsonl")
            r = run_task(args.bin, model_args, request, files, expected, args.timeout, keep)
            results.append(r)
            kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
            print(f"{n:2} {r['kind']:26} {r['seconds']:6.1f}s  computed={r['computed']!s:5}  "
                  f"{request[:50]!r} -> {r['answer'][:70]!r}", flush=True)
    finally:
        stop_model(server)
    total = len(results)
    answered = sum(r["answered"] for r in results)
    computed = sum(r["computed"] for r in results)
    from_run = sum(r["answered"] and r["computed"] for r in results)
    secs = sum(r["seconds"] for r in results) / max(total, 1)
    print(f"\nanswered {answered}/{total} ({from_run} with the value a run printed), computed {computed}/{total}, "
          f"{secs:.1f} s per task")
    print("kinds: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))


def rescore(folder, tasks):
    kinds, answered, from_run, total = {}, 0, 0, 0
    for path in sorted(folder.glob("*.jsonl"), key=lambda p: int(p.stem)):
        n = int(path.stem)
        request, files, expected = tasks[n - 1]
        r = score(path.read_text(), expected, files)
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
        answered += r["answered"]
        from_run += r["answered"] and r["computed"]
        total += 1
        print(f"{n:2} {r['kind']:26} computed={r['computed']!s:5}  {request[:50]!r} -> {r['answer'][:70]!r}")
    print(f"\nanswered {answered}/{total} ({from_run} with the value a run printed; scored again from the kept events)")
    print("kinds: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    sys.exit(main())
