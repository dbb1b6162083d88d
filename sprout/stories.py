"""An endless, deterministic supply of simple children's stories.

Sprout learns on two CPU cores in about 80 minutes, so its text has to be dense in the few
dependencies the chapter wants to show:

* previous-token structure (ordinary simple English),
* copying ("A B ... A -> B"): made-up names that recur within a story, refrains and songs
  sung again word for word, lists said again in the same order,
* pronouns resolved past a distractor of the other gender ("Tom gave Lily a cup. Then he
  went home."),
* long-range recall: an object or a hiding place named early and needed many sentences later.

Everything is driven by one ``random.Random``: the same seed gives the same stories in every
process (no global random state, no sets iterated, no ``hash()``).  Every word list below is a
tuple, and every piece of text was written for this module.

The reserved name ``RESERVED_NAME`` (and its parts) is kept out of all output, so that the
chapter can use it as a name the model has certainly never seen.
"""

from __future__ import annotations

import random
import re
from typing import Iterator

__all__ = [
    "RESERVED_NAME",
    "RESERVED_PARTS",
    "generate_story",
    "generate_stories",
    "iter_stories",
    "made_up_name",
]

RESERVED_NAME = "Zorbin Plax"
RESERVED_PARTS = ("Zorbin", "Plax")
# Lowercase substrings that must never appear anywhere in the output: the name's parts, and
# "zorb" as a margin, so that no training name starts the way the held-out one does. (A short
# fine-tune that, among other changes, allowed "Zorb..." names dropped Sprout's copying of
# "Zorbin Plax" at its second occurrence from a mean probability of 0.93 to 0.52.)
_FORBIDDEN = ("zorbin", "plax", "zorb")

# Made-up names are built from random syllables; these substrings are refused so that no name
# spells a rude or unkind word by accident.
_BAD_PARTS = (
    "fuck", "shit", "cunt", "dick", "cock", "piss", "slut", "fag", "nig", "tit", "sex",
    "cum", "rape", "porn", "damn", "hell", "kill", "bitch", "twat", "wank", "prick", "poo",
    "pee", "fart", "butt", "bum", "crap", "ass", "anal", "anus", "boob", "dyke", "kike",
    "gook", "spic", "chink", "coon", "homo", "nazi", "die", "dead", "gun", "hate", "hoe",
    "whore", "jap", "wog", "pedo", "nude", "drug", "scum", "puke", "vomit",
)

# ---------------------------------------------------------------------------------------------
# Names of people
# ---------------------------------------------------------------------------------------------

BOY_NAMES = (
    "Tom", "Ben", "Sam", "Max", "Leo", "Jack", "Tim", "Dan", "Jake", "Finn", "Owen", "Noah",
    "Liam", "Luke", "Adam", "Ryan", "Eli", "Jay", "Joe", "Ned", "Ted", "Bob", "Bill", "Carl",
    "Dave", "Eric", "Fred", "Greg", "Hugo", "Ian", "Jim", "Kevin", "Kyle", "Leon", "Mark",
    "Matt", "Nick", "Oscar", "Paul", "Pete", "Ralph", "Rex", "Roy", "Seth", "Toby", "Tony",
    "Victor", "Walt", "Zack", "Oliver", "Henry", "Jacob", "Lucas", "Mason", "Ethan", "Caleb",
    "Felix", "Milo", "Arthur", "George", "Harry", "Jonah", "Simon", "Peter", "Frank", "Gus",
    "Hank", "Ollie", "Theo", "Ross", "Dylan", "Colin", "Eddie", "Louis", "Bruno", "Omar",
    "Ravi", "Mateo", "Kenji", "Amos", "Jasper", "Rupert",
)

GIRL_NAMES = (
    "Lily", "Mia", "Anna", "Sue", "Amy", "Emma", "Lucy", "Sara", "Ella", "Zoe", "Kate", "Jane",
    "Rose", "Ruby", "Grace", "Sophie", "Chloe", "Ivy", "Eva", "Nora", "Lila", "Maya", "Molly",
    "Daisy", "Hannah", "Olivia", "Alice", "Clara", "Ellie", "Fiona", "Gina", "Holly", "Julia",
    "Laura", "Megan", "Nina", "Penny", "Rosa", "Sally", "Tina", "Vera", "Wendy", "Abby",
    "Beth", "Cora", "Dora", "Erin", "Gemma", "Hazel", "Isla", "Jenny", "Kara", "Lena", "Mary",
    "Nell", "Pam", "Polly", "Rita", "Stella", "Tess", "Lola", "Bella", "Leah", "Naomi",
    "Priya", "Amira", "Elsa", "Heidi", "Joy", "Kitty", "Luna", "Mila", "Greta", "Tara", "Anya",
    "Edith", "Martha",
)

# Grown-ups are only ever named, never referred to with "he" or "she", so they never make a
# child's pronoun ambiguous.  Each is paired with a word for "his/her X" sentences.
FEMALE_ADULTS = ("Mom", "Grandma", "Granny", "Nana", "Aunt Jo", "Aunt May", "Aunt Rose")
MALE_ADULTS = ("Dad", "Grandpa", "Papa", "Uncle Bob", "Uncle Jim", "Uncle Ned", "Grandad")
RELATIVES = ("grandma", "grandpa", "aunt", "uncle", "big cousin", "godmother", "neighbor",
             "best friend", "mom", "dad")

# ---------------------------------------------------------------------------------------------
# Word lists
# ---------------------------------------------------------------------------------------------

COLORS = ("red", "blue", "green", "yellow", "pink", "purple", "orange", "brown", "black",
          "white", "gray", "gold", "silver")

OBJECT_ADJECTIVES = ("little", "old", "new", "shiny", "soft", "tiny", "big", "small",
                     "fluffy", "striped", "spotted", "round", "bright", "funny", "wooden",
                     "woolly", "smooth", "sparkly", "lucky", "special")

KID_ADJECTIVES = ("kind", "happy", "curious", "brave", "shy", "cheerful", "clever",
                  "playful", "gentle", "busy", "funny", "friendly", "quiet", "lively",
                  "helpful", "smart", "sweet", "careful", "bright", "jolly", "silly",
                  "thoughtful", "polite", "bold", "cheeky", "daring", "merry", "sunny",
                  "tidy", "patient", "chatty")

FEELINGS = ("happy", "glad", "proud", "excited", "surprised", "calm", "cheerful", "jolly",
            "thankful", "joyful", "cozy", "pleased", "delighted", "warm inside", "hopeful")

SAD_FEELINGS = ("sad", "worried", "upset", "scared", "lonely", "cross", "grumpy", "unhappy",
                "nervous", "tired", "gloomy", "sorry")

AGES = ("three", "four", "five", "six", "seven")

HOMES = ("a small house", "a little blue house", "a big white house", "a yellow cottage",
         "a tall thin house", "a flat above a bakery", "a cozy cottage",
         "a house with a red door", "a farmhouse", "a little house with a green roof",
         "an old stone house", "a house with a big garden", "a boat house",
         "a wooden cabin")

HOME_WHERE = ("near the sea", "by a big forest", "in a busy town",
              "at the end of a quiet street", "on top of a green hill", "next to a river",
              "in a small village", "near a duck pond", "close to the mountains",
              "beside a field of corn", "in the middle of a big city", "by a quiet lake",
              "at the edge of a wood", "across from a bakery")

HOBBIES = ("draw pictures", "sing songs", "play outside", "read books", "dance",
           "build tall towers", "climb trees", "look at the stars", "bake cakes",
           "ride {x.his} bike", "collect shells", "play ball", "splash in puddles",
           "watch birds", "make paper boats", "plant seeds", "tell jokes",
           "play hide and seek", "paint", "run fast", "jump rope", "count things",
           "make mud pies", "play the drum", "help in the kitchen", "swing on the swings")

ONE_DAYS = ("morning", "day", "sunny morning", "bright morning", "warm summer day",
            "cold winter morning", "windy afternoon", "rainy afternoon", "spring morning",
            "autumn day", "quiet Sunday", "Saturday morning", "cloudy day", "snowy morning",
            "lovely evening", "hot afternoon", "foggy morning", "chilly evening",
            "busy Monday", "sleepy Sunday afternoon")

TIME_STARTS = ("Early in the morning", "After breakfast", "On Saturday", "The next day",
               "That afternoon", "Later that week", "On the weekend", "In the spring",
               "On a hot summer day", "One rainy morning", "One bright morning",
               "After school", "On a cold, windy day", "On the first day of the holidays")

WEATHER = ("The sun was shining.", "The sky was blue and clear.", "It was a little windy.",
           "Big white clouds floated in the sky.", "It had rained in the night, and the "
           "grass was wet.", "The air was warm and sweet.", "A cool wind was blowing.",
           "Snow was falling softly.", "The birds were singing in the trees.",
           "The leaves were red and gold.", "It was a gray, quiet day.")

ANIMALS = ("cat", "dog", "puppy", "kitten", "rabbit", "bunny", "hamster", "mouse", "horse",
           "pony", "cow", "pig", "sheep", "goat", "hen", "duck", "goose", "turkey", "donkey",
           "lamb", "frog", "toad", "turtle", "snail", "bee", "ant", "butterfly", "ladybug",
           "spider", "beetle", "caterpillar", "bird", "robin", "owl", "crow", "parrot",
           "penguin", "swan", "eagle", "sparrow", "pigeon", "fox", "wolf", "bear", "deer",
           "squirrel", "hedgehog", "badger", "mole", "otter", "beaver", "raccoon", "lion",
           "tiger", "elephant", "giraffe", "zebra", "monkey", "hippo", "camel", "kangaroo",
           "koala", "panda", "crocodile", "snake", "lizard", "fish", "whale", "dolphin",
           "crab", "octopus", "seal", "bat", "moose", "llama", "peacock", "flamingo",
           "gorilla", "puffin", "walrus", "seahorse", "firefly", "grasshopper", "dragonfly",
           "ostrich", "chick", "duckling", "piglet", "cub", "worm", "woodpecker", "goldfish")

# Animals that walk and talk on land, with the sound each makes (past tense verb).
LAND_ANIMALS = (
    ("cat", "meowed"), ("dog", "barked"), ("duck", "quacked"), ("cow", "mooed"),
    ("sheep", "baaed"), ("pig", "oinked"), ("hen", "clucked"), ("horse", "neighed"),
    ("frog", "croaked"), ("owl", "hooted"), ("lion", "roared"), ("mouse", "squeaked"),
    ("bee", "buzzed"), ("goat", "bleated"), ("donkey", "brayed"), ("goose", "honked"),
    ("crow", "cawed"), ("wolf", "howled"), ("bear", "growled"), ("rabbit", "squeaked"),
    ("fox", "yipped"), ("turkey", "gobbled"), ("parrot", "squawked"), ("squirrel", "chattered"),
    ("hedgehog", "sniffed"), ("badger", "grunted"), ("monkey", "chattered"),
    ("elephant", "trumpeted"), ("robin", "chirped"), ("puppy", "yapped"), ("kitten", "mewed"),
    ("lamb", "bleated"), ("pony", "whinnied"), ("raccoon", "chirred"), ("beaver", "slapped its tail"),
)

TINY_ANIMALS = ("mouse", "ant", "ladybug", "beetle", "snail", "bee", "cricket", "spider",
                "caterpillar", "wren", "flea", "moth")

PETS = ("puppy", "kitten", "bunny", "hamster", "guinea pig", "parrot", "turtle", "mouse",
        "duckling", "ferret", "chick", "baby rabbit")

PET_LOOKS = ("white with black spots", "all brown except for one white ear", "as orange as a carrot",
             "gray and very fluffy", "black with a white tail", "small and round",
             "golden from nose to tail", "striped like a tiger", "soft and sleepy",
             "speckled like an egg")

PET_LIKES = ("chase {x.his} shoelaces", "sleep in the sunny spot by the window",
             "hide in empty boxes", "eat bits of carrot", "sit on the windowsill and watch the rain",
             "play with a ball of string", "nibble on lettuce leaves", "roll over for a tummy rub",
             "splash in {x.his} water bowl", "follow {x} from room to room",
             "squeak when it was hungry", "sleep on {x.his} slippers", "run in circles",
             "hide under the sofa", "watch the birds in the garden")

CARRY_THINGS = ("teddy bear", "doll", "ball", "toy car", "book", "hat", "scarf", "umbrella",
                "kite", "shell", "stone", "robot", "toy boat", "blanket", "bag", "bucket",
                "toy duck", "toy rabbit", "puppet", "crown", "drum", "whistle",
                "toy dinosaur", "lunch box", "cup", "ribbon", "necklace", "bracelet", "key",
                "coin", "pebble", "feather", "balloon", "marble", "map", "compass",
                "flashlight", "jar", "basket", "yo-yo", "toy horse", "toy train", "pillow",
                "wand", "mitten", "sock monkey", "toy lion", "rag doll", "music box",
                "snow globe", "pinwheel", "notebook", "paintbrush", "spoon", "bell", "crayon",
                "bow", "toy owl", "locket", "star sticker", "sea glass")

# Toys two children can swap, each with what one does with it.
TOY_ACTS = (
    ("ball", "kicked it across the yard"), ("kite", "flew it high in the sky"),
    ("drum", "banged on it, boom, boom, boom"), ("doll", "brushed its long hair"),
    ("teddy bear", "gave it a big hug"), ("toy car", "raced it along the floor"),
    ("toy train", "pushed it around the track"), ("robot", "made it walk and beep"),
    ("puzzle", "put all the pieces together"), ("yo-yo", "made it go up and down"),
    ("spinning top", "made it spin and spin"), ("jump rope", "jumped over it ten times"),
    ("puppet", "made it dance and talk"), ("toy boat", "sailed it in the bath"),
    ("dump truck", "filled it with sand"), ("balloon", "tossed it up in the air"),
    ("whistle", "blew it very loudly"), ("xylophone", "played a little tune on it"),
    ("hula hoop", "spun it around and around"), ("trumpet", "tooted it"),
    ("picture book", "read it from start to end"), ("paint set", "painted a picture with it"),
    ("magnet", "picked up pins with it"), ("telescope", "looked at the moon with it"),
    ("wagon", "pulled it around the garden"), ("scooter", "rode it down the path"),
    ("toy rocket", "pretended to fly it to the moon"), ("toy dinosaur", "made it roar"),
    ("toy guitar", "strummed it and sang"), ("tea set", "poured pretend tea with it"),
    ("bubble wand", "blew big bubbles with it"), ("paper plane", "threw it across the room"),
    ("harmonica", "played a song on it"), ("toy piano", "played a happy song on it"),
    ("kaleidoscope", "looked at the colors in it"), ("toy fire truck", "rang its little bell"),
)

FOODS = ("apple", "banana", "pear", "plum", "peach", "grape", "cherry", "lemon", "melon",
         "carrot", "potato", "tomato", "onion", "cookie", "cake", "pie", "bun", "muffin",
         "sandwich", "pancake", "waffle", "biscuit", "cracker", "sausage", "cupcake", "donut",
         "strawberry", "mango", "kiwi", "coconut", "pineapple", "pumpkin", "cucumber",
         "mushroom", "pretzel", "bagel", "cheese roll", "jam tart", "egg", "orange",
         "lollipop", "peanut", "raisin", "blueberry", "apricot", "radish", "turnip",
         "pepper", "cabbage", "beet", "fig", "date", "walnut", "corn cob", "jelly bean",
         "rice cake", "fish finger", "meatball", "dumpling", "taco", "noodle")

SHOP_ITEMS = ("a loaf of bread", "a bag of apples", "a jar of honey", "a box of eggs",
              "a bottle of milk", "a bunch of bananas", "a pot of jam", "a block of cheese",
              "a sack of potatoes", "a carton of juice", "a tin of beans", "a pack of noodles",
              "a basket of plums", "a bag of flour", "a bowl of cherries", "a bag of rice",
              "a head of lettuce", "a jar of pickles", "a bag of carrots", "a box of tea",
              "a tub of butter", "a bag of oranges", "a pot of yogurt", "a bag of sugar",
              "a packet of seeds", "a bunch of grapes", "a big red onion", "a dozen buns",
              "a bar of soap", "a box of matches", "a roll of string", "a bag of peas",
              "a small melon", "a bottle of lemonade", "a jar of peanut butter",
              "a bag of oats", "a pound of tomatoes", "a bunch of radishes", "six brown eggs",
              "a pie for dessert")

PACK_THINGS = ("hat", "towel", "cup", "ball", "book", "toothbrush", "sweater", "flashlight",
               "water bottle", "raincoat", "map", "blanket", "scarf", "sun hat", "kite",
               "bucket", "spade", "comb", "notebook", "pencil", "jacket", "teddy bear",
               "pillow", "swimsuit", "lunch box", "whistle", "compass", "camera",
               "pair of socks", "pair of boots", "deck of cards", "box of crayons",
               "jar of bubbles", "skipping rope", "sleeping bag", "torch", "umbrella")

CLOTHES = ("coat", "boots", "hat", "scarf", "gloves", "raincoat", "sweater", "sandals",
           "jacket", "cap", "mittens", "shoes", "dress", "shorts")

ROOMS = ("in the kitchen", "in the living room", "in the garden", "on the porch",
         "in {x.his} bedroom", "in the hall", "on the stairs", "in the yard",
         "by the front door", "in the bathroom", "in the playroom", "on the balcony")

HIDE_SPOTS = ("under the sofa", "behind the curtain", "inside {x.his} rain boot",
              "in the laundry basket", "on top of the fridge", "under {x.his} pillow",
              "in the flower pot", "behind the big clock", "in the bread box",
              "in the washing machine", "under the stairs", "inside the piano",
              "in the dog's basket", "on the windowsill", "in {x.his} coat pocket",
              "under a pile of leaves", "in the toy box", "behind the bookshelf",
              "in the fruit bowl", "under the kitchen table", "in the wood shed",
              "inside an empty teapot", "in the sandbox", "on the top shelf",
              "in the mailbox", "under the doormat", "in the bathtub",
              "inside a paper bag", "behind the green chair", "in the cookie jar")

SAFE_SPOTS = ("on the shelf above {x.his} bed", "in a special box", "in {x.his} toy chest",
              "on the table by {x.his} bed", "in the top drawer", "in {x.his} school bag",
              "in the same safe place", "on the hook by the door")

BED_SPOTS = ("in {x.his} bed", "next to {x.his} pillow", "on the shelf by {x.his} bed",
             "in {x.his} toy box", "on the little table by the window", "under {x.his} blanket",
             "on the chair next to {x.his} bed", "in a basket by {x.his} bed",
             "on {x.his} windowsill", "beside {x.his} night light")

JUNK = ("an old sock", "a lost button", "a lot of dust", "a broken crayon", "a dry leaf",
        "a sleepy cat", "a spoon", "a little spider", "some crumbs", "a marble",
        "an old birthday card", "a spiky pine cone", "a rubber band", "a toy soldier",
        "a tiny snail", "a bottle cap")

LUNCHES = ("soup and bread", "a cheese sandwich", "rice and peas", "noodles with butter",
           "fish and potatoes", "eggs on toast", "a bowl of stew", "pancakes with honey",
           "a big salad", "beans on toast", "chicken and carrots", "a warm pie")

CHORES = ("helped to wash the dishes", "fed the cat", "watered the plants",
          "swept the floor", "put away {x.his} toys", "folded the towels",
          "drew a picture", "had a little nap", "read a book about {pl}",
          "made {x.his} bed", "sorted the socks", "helped to carry the shopping")

PLACES = (
    ("the park", "at the park", ("played on the swings", "slid down the big slide",
                                 "ran across the grass", "climbed the old oak tree",
                                 "rolled down a little hill", "watched a man walk six dogs")),
    ("the beach", "at the beach", ("built a tall sand castle", "looked for pretty shells",
                                   "splashed in the waves", "dug a deep hole in the sand",
                                   "watched the boats sail by", "ate an ice cream by the sea")),
    ("the shop", "at the shop", ("bought a loaf of bread", "looked at the shiny toys",
                                 "helped to carry a bag of apples", "paid with three coins",
                                 "picked a bunch of bananas")),
    ("the library", "at the library", ("read a book about dinosaurs", "sat on a big soft chair",
                                       "listened to a story about a bear",
                                       "found a book full of pictures",
                                       "whispered so nobody would be cross")),
    ("the zoo", "at the zoo", ("saw a tall giraffe", "watched the monkeys swing",
                               "waved at a sleepy lion", "laughed at a penguin",
                               "fed the goats", "saw a hippo yawn")),
    ("the farm", "on the farm", ("fed the hens", "petted a baby lamb",
                                 "rode on a big red tractor", "collected eggs in a basket",
                                 "gave hay to the horses", "saw a pig roll in the mud")),
    ("school", "at school", ("painted a picture of a rainbow", "sang songs with the class",
                             "counted to twenty", "played tag in the yard",
                             "built a tower out of blocks", "learned a new word")),
    ("the garden", "in the garden", ("picked some flowers", "watered the plants",
                                     "dug for worms", "watched a snail crawl",
                                     "found a ladybug on a leaf", "ate a sweet strawberry")),
    ("the forest", "in the forest", ("walked under the tall trees", "listened to the birds",
                                     "found a pine cone", "jumped over a log",
                                     "saw a squirrel run up a tree", "picked wild berries")),
    ("the pond", "at the pond", ("threw stones in the water", "watched the fish swim",
                                 "saw a frog on a lily pad", "fed the ducks",
                                 "looked at the dragonflies")),
    ("Grandma's house", "at Grandma's house", ("had tea and cake",
                                               "helped Grandma bake cookies",
                                               "played with Grandma's old cat",
                                               "looked at photos in a big book",
                                               "knitted a little scarf")),
    ("the bakery", "at the bakery", ("bought a warm bun", "smelled the fresh bread",
                                     "watched the baker ice a cake",
                                     "tried a tiny lemon tart")),
    ("the market", "at the market", ("tasted a sweet plum", "bought some carrots",
                                     "saw a man selling hats",
                                     "listened to a man playing a fiddle")),
    ("the playground", "at the playground", ("went down the slide", "swung on the monkey bars",
                                             "played in the sandbox", "rode on the seesaw")),
    ("the pool", "at the pool", ("swam like a fish", "jumped in with a big splash",
                                 "floated on a rubber ring", "played with a beach ball")),
    ("the museum", "at the museum", ("saw the bones of a dinosaur", "looked at old paintings",
                                     "saw a real suit of armor", "saw a model of the moon")),
    ("the post office", "at the post office", ("mailed a letter to a friend",
                                               "bought a stamp with a bird on it")),
    ("the cafe", "at the cafe", ("drank a cup of hot cocoa", "ate a muffin with berries",
                                 "shared a slice of cake")),
    ("the fair", "at the fair", ("rode on the merry-go-round", "won a prize at a game",
                                 "ate pink cotton candy", "watched the jugglers")),
    ("the train station", "at the train station", ("watched the trains go by",
                                                   "waved at the driver",
                                                   "heard a loud whistle")),
    ("the harbor", "at the harbor", ("watched the fishing boats", "counted the seagulls",
                                     "saw a big ship with red sails")),
    ("the hill", "on the hill", ("flew a kite in the wind", "rolled all the way down",
                                 "looked at the town below")),
    ("the meadow", "in the meadow", ("chased butterflies", "picked daisies",
                                     "lay in the grass and looked at the clouds")),
    ("the river", "by the river", ("skipped stones", "watched the ducklings paddle",
                                   "dipped {x.his} toes in the cold water",
                                   "saw an otter swim")),
    ("the toy shop", "at the toy shop", ("looked at a wooden train",
                                         "played with a spinning top",
                                         "saw a giant teddy bear")),
    ("the pet shop", "at the pet shop", ("saw a tiny hamster", "watched the goldfish",
                                         "heard a parrot say hello")),
    ("the orchard", "in the orchard", ("picked red apples", "climbed a pear tree",
                                       "filled a basket with plums")),
    ("the ice rink", "at the ice rink", ("skated around and around", "fell down and laughed",
                                         "held on to the wall")),
    ("the fire station", "at the fire station", ("saw a shiny red fire truck",
                                                 "tried on a big helmet", "rang the bell")),
    ("the castle", "at the old castle", ("climbed the stone steps",
                                         "looked out from the tower",
                                         "saw a flag on the roof")),
    ("the circus", "at the circus", ("watched the clowns", "saw a horse dance",
                                     "clapped for the acrobats")),
    ("the lake", "at the lake", ("rowed a little boat", "saw a white swan",
                                 "had a picnic by the water")),
    ("the barn", "in the barn", ("jumped in the hay", "saw a sleepy cow",
                                 "found a nest with three eggs")),
    ("the flower shop", "at the flower shop", ("smelled the roses", "bought a pot of tulips")),
    ("the snowy hill", "on the snowy hill", ("made a snowman", "rode down on a sled",
                                             "threw snowballs")),
    ("the bus station", "at the bus station", ("watched the buses come and go",
                                               "read the big clock")),
    ("the swimming lake", "at the swimming lake", ("paddled in the shallow water",
                                                   "built a dam with pebbles")),
    ("the vet", "at the vet", ("saw a puppy with a sore paw", "helped to hold a kitten")),
)

PLACE_REMARKS = ("It was a lot of fun.", "{x.He} had a wonderful time.",
                 "There were lots of people there.", "It was very busy.",
                 "It was nice and quiet there.", "{x.He} laughed and laughed.",
                 "{x.He} felt very happy.", "The sun was warm on {x.his} face.",
                 "{x} did not want to leave.", "It smelled nice there.",
                 "Everyone was smiling.", "A cool wind was blowing.")

THEN_WORDS = ("Next", "After that", "Then", "Later", "After lunch", "In the afternoon",
              "A little later", "Soon")

VEHICLES = ("car", "train", "bus", "boat", "plane", "bike", "van", "ferry", "tram",
            "truck", "taxi", "wagon")

SIGHTS = ("cows in a field", "a tall windmill", "a long river", "sheep on a hill",
          "a red barn", "a castle on a rock", "a field of sunflowers", "tall mountains",
          "a busy town", "a lake full of boats", "a rainbow", "a herd of horses",
          "a bridge over a river", "a big forest", "a hot air balloon")

DESTINATIONS = (("the beach", "at the beach"), ("Grandpa's farm", "on Grandpa's farm"),
                ("the mountains", "in the mountains"), ("a camp by the lake", "at the camp"),
                ("the seaside", "by the sea"), ("a little island", "on the island"),
                ("Aunt Jo's cottage", "at Aunt Jo's cottage"), ("the big city", "in the city"),
                ("a cabin in the woods", "at the cabin"), ("the countryside", "in the country"))

NATURE = ("hill", "tree", "bridge", "river", "rock", "bush", "log", "hedge", "wall", "pond",
          "stream", "fence", "gate", "field", "meadow")

SOUNDS = ("moo", "baa", "quack", "woof", "tweet", "hoot", "oink", "buzz", "neigh", "squeak",
          "croak", "cluck")

WEEK_ANIMALS = ("bird", "cat", "dog", "duck", "frog", "snail", "bee", "butterfly", "squirrel",
                "rabbit", "ladybug", "worm", "ant", "spider", "pigeon", "crow", "robin",
                "sparrow", "horse", "cow", "sheep", "goat", "hen", "owl", "fox", "hedgehog",
                "beetle", "caterpillar", "dragonfly", "moth", "mouse", "bat", "swan", "goose",
                "deer", "fish", "puppy", "kitten", "lamb", "pony", "seagull", "toad", "duckling")

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

SEE_PLACES = ("in the garden", "at the park", "by the pond", "in the woods", "on the way to school",
              "near the river", "at the farm", "in the field", "on the beach", "at the zoo",
              "behind the shed", "on the hill", "under a bridge", "in the street",
              "by the lake", "in a tree", "on the roof")

COLLECTIBLES = ("shell", "feather", "leaf", "pebble", "acorn", "pine cone", "button",
                "flower", "stick", "conker", "berry", "seed", "ribbon", "marble",
                "bottle cap", "snail shell", "daisy", "blue bead")

# Fantasy beings: (kind, gender) where gender is "m", "f" or "x" (either).
FANTASY = (("dragon", "x"), ("troll", "x"), ("giant", "x"), ("fairy", "f"), ("elf", "x"),
           ("wizard", "m"), ("witch", "f"), ("unicorn", "x"), ("goblin", "x"),
           ("gnome", "x"), ("mermaid", "f"), ("pirate", "x"), ("robot", "x"),
           ("monster", "x"), ("sea serpent", "x"), ("griffin", "x"), ("pixie", "x"),
           ("ogre", "x"), ("knight", "x"), ("princess", "f"), ("prince", "m"),
           ("king", "m"), ("queen", "f"), ("alien", "x"), ("ghost", "x"), ("yeti", "x"),
           ("bunyip", "x"), ("sprite", "x"), ("snow giant", "x"), ("moon bear", "x"))

FANTASY_LOOKS = {
    "dragon": ("green scales and a long, curly tail", "tiny wings that could not fly",
               "purple spots and a very loud sneeze", "a nose that puffed out little clouds"),
    "troll": ("big feet and a kind smile", "hair like a bird's nest", "a very long nose"),
    "giant": ("hands as big as a bed", "boots as big as a boat", "a voice like thunder"),
    "fairy": ("wings like a butterfly", "a dress made of petals", "a tiny silver wand"),
    "elf": ("pointy ears and a green hat", "bells on {c.his} shoes", "a coat made of leaves"),
    "wizard": ("a long white beard", "a tall blue hat with stars", "a crooked old staff"),
    "witch": ("a pointy black hat", "a broom that could talk", "a cat with yellow eyes"),
    "unicorn": ("a silver horn", "a rainbow mane", "hooves that sparkled"),
    "goblin": ("a big green nose", "bright orange eyes", "pockets full of buttons"),
    "gnome": ("a red pointy hat", "a long gray beard", "a tiny wheelbarrow"),
    "mermaid": ("a shiny blue tail", "hair full of shells", "a voice like a bell"),
    "pirate": ("a patch over one eye", "a parrot on {c.his} shoulder", "a wooden leg"),
    "robot": ("blinking lights and wheels", "long metal arms", "a screen for a face"),
    "monster": ("six furry legs", "three big eyes", "a very long purple tail"),
    "sea serpent": ("a long twisty body", "fins like sails", "a friendly grin"),
    "griffin": ("the wings of an eagle", "golden feathers", "a lion's tail"),
    "pixie": ("glowing wings", "a hat made from an acorn", "a laugh like a tiny bell"),
    "ogre": ("a big round tummy", "a nose like a potato", "very muddy boots"),
    "knight": ("shiny armor", "a horse named Pepper", "a shield with a star on it"),
    "princess": ("a golden crown", "a cloak as blue as the sea", "muddy boots under {c.his} gown"),
    "prince": ("a golden crown", "a red cloak", "a sword made of wood"),
    "king": ("a heavy golden crown", "a long purple robe", "a very big belly"),
    "queen": ("a crown with green jewels", "a long silver robe", "a tiny pet dragon"),
    "alien": ("four arms and one big eye", "green skin that glowed", "two wiggly antennas"),
    "ghost": ("a white sheet with holes for eyes", "a soft, floaty body", "a shy smile"),
    "yeti": ("thick white fur", "enormous feet", "frosty eyebrows"),
    "bunyip": ("a furry face and flippers", "a very deep voice", "muddy fur"),
    "sprite": ("wings made of dew", "hair like a dandelion", "a glowing nose"),
    "snow giant": ("a beard made of icicles", "a coat of snow", "feet like hills"),
    "moon bear": ("silver fur", "a white moon shape on {c.his} chest", "soft paws"),
}

FANTASY_ADJ = ("friendly", "grumpy", "sleepy", "kind", "shy", "silly", "brave", "old",
               "young", "clever", "hungry", "tiny", "huge", "noisy", "gentle", "wise",
               "lonely", "clumsy", "cheerful", "forgetful")

BEYOND = ("over the hills and past the sea", "behind the tallest mountain", "above the clouds",
          "at the end of a long, long road", "past the edge of the map",
          "on the other side of the moon", "deep inside a green forest",
          "under a great waterfall", "beyond the seven rivers")

PORTALS = ("a little door at the bottom of the garden", "a map in an old book",
           "a boat that could talk", "a ladder that went up into the clouds",
           "a shiny stone that hummed", "a hole under a big tree",
           "a balloon with a basket", "a puddle that shone like a mirror",
           "a key that glowed in the dark", "a slide that went down and down")

PORTAL_GO = ("{x} touched it, and whoosh!", "{x} held on tight, and zoom!",
             "{x} closed {x.his} eyes and counted to three.", "{x} took a deep breath and jumped.",
             "{x} stepped through, and everything went bright.")

LANDMARKS = ("a tall blue tree", "a pond that sang", "a rock shaped like a hat",
             "a river of bubbles", "a hill made of moss", "a house shaped like a boot",
             "a bridge made of ribbons", "a field of glowing flowers", "a well full of stars")

FANTASY_PROBLEMS = (
    ("I have lost my {item}.", "lost"), ("Nobody wants to play with me.", "lonely"),
    ("My {item} is broken.", "broken"), ("I cannot reach the {fruit} at the top of the tree.", "reach"),
    ("I am too scared to sleep in the dark.", "dark"), ("It is my birthday, and nobody knows.", "birthday"),
)

FANTASY_ITEMS = ("golden key", "blue hat", "magic bell", "silver spoon", "red umbrella",
                 "book of songs", "tiny drum", "star map", "lucky sock", "music box",
                 "green lantern", "toy boat", "wooden flute", "glass marble")

GIFTS = ("shiny feather", "tiny silver bell", "smooth blue stone", "golden leaf",
         "shell that sang", "little glass star", "seed that glowed", "ribbon of light",
         "tiny wooden bird", "pebble with a hole in it", "jar of moonlight",
         "button made of gold")

MAGIC_BEINGS = (("wizard", "m"), ("witch", "f"), ("fairy", "f"), ("magician", "x"),
                ("elf", "x"), ("wise owl", "x"), ("old gnome", "x"), ("sea witch", "f"),
                ("star keeper", "x"), ("cloud giant", "x"))

MAGIC_JOBS = (
    ("{x}'s kite was stuck in a tall tree.", "the kite floated down into {x.his} hands"),
    ("It started to rain, and {x} had no umbrella.", "a big leaf grew over {x.his} head"),
    ("{x} could not reach the cookie jar.", "the jar slid down the shelf to {x.him}"),
    ("{x}'s ball rolled into the pond.", "a fish pushed the ball back to the bank"),
    ("The garden gate was stuck.", "the gate swung open with a creak"),
    ("{x}'s shoelace came undone.", "the lace tied itself into a neat bow"),
    ("The little bird could not find its nest.", "a trail of tiny lights led the bird home"),
    ("{x}'s ice cream began to melt.", "the ice cream turned cold and hard again"),
    ("The cat was stuck on the roof.", "a ladder of flowers grew up to the cat"),
    ("A sad snowman was melting in the sun.", "a small gray cloud sat over the snowman"),
    ("{x}'s toy boat floated away.", "the wind turned and pushed the boat back"),
    ("The lamp went out, and the room was dark.", "the lamp lit up with a warm glow"),
)

RACE_ROUTES = ("the old oak tree", "the duck pond", "the red barn", "the wooden bridge",
               "the big rock", "the cabbage patch", "the tall windmill", "the muddy ditch",
               "the berry bushes", "the blue gate", "the sleeping cow", "the little stream",
               "the hay bales", "the flower field", "the stone wall", "the apple tree")

RACE_STOPS = ("stopped to eat some clover", "stopped to take a nap", "stopped to chat with a frog",
              "stopped to look at a butterfly", "stopped to pick some berries",
              "stopped to dip {c.his} feet in the water", "stopped to show off to a crow",
              "stopped to count the clouds")

MESSAGE_A = ("the cake is ready", "there is a party at the big barn tonight",
             "the apples in the orchard are ripe", "the boat will come at five",
             "Grandma has baked a cherry pie", "the ducks have come back to the pond",
             "the new puppy has woken up", "the snow has come to the hills",
             "the circus is coming to town", "the baby birds have hatched",
             "the lost kitten is safe at home", "the show starts after lunch")

MESSAGE_B = ("please bring a blanket", "do not forget your hat",
             "come before the sun goes down", "bring something to share",
             "wear your warmest socks", "bring a friend", "come as fast as you can",
             "bring your drum", "bring a lantern for the walk home", "please bring some plums")

RECIPES = (
    ("pancakes", ("the flour", "two eggs", "a cup of milk", "a pinch of salt")),
    ("banana bread", ("three ripe bananas", "the butter", "the sugar", "the flour")),
    ("a berry pie", ("the pastry", "a bowl of berries", "a spoon of sugar", "a squeeze of lemon")),
    ("cookies", ("the butter", "the sugar", "an egg", "the flour", "a handful of raisins")),
    ("vegetable soup", ("the water", "two carrots", "a potato", "an onion", "a pinch of salt")),
    ("a fruit salad", ("an apple", "a pear", "some grapes", "a sliced banana")),
    ("a carrot cake", ("the grated carrots", "the flour", "two eggs", "the honey")),
    ("muffins", ("the flour", "the milk", "one egg", "a cup of blueberries")),
    ("porridge", ("the oats", "the milk", "a spoon of honey", "some chopped apple")),
    ("a pizza", ("the dough", "the tomato sauce", "the cheese", "some mushrooms")),
    ("a smoothie", ("a banana", "some strawberries", "a cup of yogurt", "a little milk")),
)

GOODNIGHT_THINGS = ("moon", "stars", "tree outside", "little bird", "clock", "lamp",
                    "teddy", "chair", "door", "window", "garden", "cat", "slippers",
                    "rug", "shelf", "toys", "owl", "clouds", "roof", "fence")

# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------

_IRREGULAR_PLURALS = {
    "mouse": "mice", "sheep": "sheep", "fish": "fish", "goose": "geese", "child": "children",
    "foot": "feet", "tooth": "teeth", "deer": "deer", "moose": "moose", "wolf": "wolves",
    "leaf": "leaves", "loaf": "loaves", "calf": "calves", "knife": "knives",
    "scarf": "scarves", "shelf": "shelves", "elf": "elves", "person": "people", "man": "men",
    "woman": "women", "potato": "potatoes", "tomato": "tomatoes", "mango": "mangoes",
    "hero": "heroes", "octopus": "octopuses", "bus": "buses", "dwarf": "dwarves",
    "goldfish": "goldfish", "jellyfish": "jellyfish", "starfish": "starfish",
    "flea": "fleas", "echo": "echoes",
}


def _plural(noun: str) -> str:
    if " " in noun:
        head, last = noun.rsplit(" ", 1)
        return head + " " + _plural(last)
    if noun in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[noun]
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def _an(phrase: str) -> str:
    """The right indefinite article for a phrase: "a" or "an"."""
    w = phrase.lower()
    if w.startswith(("uni", "use", "usu", "uke", "euro", "one ", "once")):
        return "a"
    if w.startswith(("hour", "honest", "honor")):
        return "an"
    return "an" if w[:1] in ("a", "e", "i", "o", "u") else "a"


def _a(phrase: str) -> str:
    return _an(phrase) + " " + phrase


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _join(items) -> str:
    items = list(items)
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


class _Person:
    """A character: a name and the pronouns that go with it."""

    __slots__ = ("name", "male", "he", "He", "him", "his", "His", "himself", "kid", "Kid",
                 "kind")

    def __init__(self, name: str, male: bool, kind: str = ""):
        self.name = name
        self.male = male
        self.he, self.He = ("he", "He") if male else ("she", "She")
        self.him = "him" if male else "her"
        self.his, self.His = ("his", "His") if male else ("her", "Her")
        self.himself = "himself" if male else "herself"
        self.kid = "boy" if male else "girl"
        self.Kid = self.kid.capitalize()
        self.kind = kind

    def __str__(self) -> str:
        return self.name


class _Thing:
    """A noun phrase with its articles: .a "a red ball", .the "the red ball", .n "ball"."""

    __slots__ = ("n", "p", "a", "A", "the", "The", "tn", "Tn", "pl")

    def __init__(self, noun: str, adj: str = ""):
        self.n = noun
        self.p = (adj + " " + noun) if adj else noun
        self.a = _a(self.p)
        self.A = _cap(self.a)
        self.the = "the " + self.p
        self.The = "The " + self.p
        self.tn = "the " + noun
        self.Tn = "The " + noun
        self.pl = _plural(noun)

    def __str__(self) -> str:
        return self.p


class _Place:
    __slots__ = ("to", "at", "At", "acts")

    def __init__(self, entry):
        self.to, self.at, self.acts = entry
        self.At = _cap(self.at)


def _f(rng: random.Random, options, *args, **kw) -> str:
    """Pick one template and fill it in."""
    return options[rng.randrange(len(options))].format(*args, **kw)


def _c(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))]


def _kid(rng: random.Random, male: bool | None = None, exclude=()) -> _Person:
    if male is None:
        male = rng.random() < 0.5
    names = BOY_NAMES if male else GIRL_NAMES
    while True:
        name = _c(rng, names)
        if name not in exclude:
            return _Person(name, male)


def _adult(rng: random.Random, male: bool) -> _Person:
    return _Person(_c(rng, MALE_ADULTS if male else FEMALE_ADULTS), male)


def _thing(rng: random.Random, nouns, adj_p: float = 0.6, color_p: float = 0.6) -> _Thing:
    noun = _c(rng, nouns)
    adj = ""
    if rng.random() < adj_p:
        adj = _c(rng, COLORS) if rng.random() < color_p else _c(rng, OBJECT_ADJECTIVES)
    return _Thing(noun, adj)


def _sample(rng: random.Random, seq, k: int):
    return rng.sample(seq, k)


# ---------------------------------------------------------------------------------------------
# Made-up names
# ---------------------------------------------------------------------------------------------

_ONSETS = ("b", "bl", "br", "ch", "cl", "cr", "d", "dr", "f", "fl", "fr", "g", "gl", "gr",
           "h", "j", "k", "kl", "l", "m", "n", "p", "pl", "pr", "qu", "r", "s", "sh", "sk",
           "sl", "sn", "sp", "st", "sw", "t", "th", "tr", "tw", "v", "w", "wh", "z", "sm",
           "scr", "spl", "str", "y", "gw", "b", "d", "g", "k", "m", "p", "t", "z")
_MID_ONSETS = ("b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
               "b", "d", "l", "m", "n", "r", "t", "bl", "gl", "pl", "dr", "tr", "br", "sh",
               "th", "ch", "fl", "sn")
_FIRST_VOWELS = ("a", "e", "i", "o", "u") * 3 + ("oo", "ee", "ai", "oa", "ou", "au", "ea", "y")
_MID_VOWELS = ("a", "e", "i", "o", "u", "a", "i", "o")
_FIRST_CODAS = ("", "", "", "", "n", "m", "l", "r", "s", "b", "d", "g", "k", "p", "t", "n",
                "m", "l", "r", "nd", "mp", "nk", "st", "rv", "ll", "ck", "sh", "ng", "rb",
                "x")
_MID_CODAS = ("", "", "", "", "n", "m", "l", "r", "s", "b", "g", "k", "p", "t", "n", "l",
              "r")
_LAST_CODAS = ("n", "m", "l", "r", "s", "b", "d", "g", "k", "p", "t", "x", "nd", "mp", "nk",
               "st", "sh", "ck", "ng", "rt", "lt", "sk", "ff", "zz", "ll", "tch", "rk", "rn",
               "sp", "b", "g", "k", "n", "p", "t")
_ENDINGS = ("wort", "kin", "let", "bee", "dle", "ble", "zle", "nik", "ter", "wick", "ling",
            "bop", "dot", "tash", "vash", "mock", "bell", "bun", "pip", "dell", "fen", "moss",
            "wump", "dock", "bix", "loo", "berry", "thorp", "ish", "ella", "ino", "umph",
            "ander", "ington", "ix", "ox", "oodle", "erton", "by", "kins", "wig", "nor",
            "bert", "mo", "zo", "ful", "wyn", "grim", "fizz", "pop", "quill", "whistle",
            "bottom", "snap", "twig", "mere", "tuck", "wold", "gle", "per", "sy", "ette",
            "kle", "dy", "tor", "gan", "wen", "rick", "zel", "ton", "rin", "vy")
_VOWEL_LETTERS = ("a", "e", "i", "o", "u", "y")
_TRIPLE = re.compile(r"(.)\1\1")


def _clean_part(word: str) -> bool:
    w = word.lower()
    for bad in _FORBIDDEN:
        if bad in w:
            return False
    for bad in _BAD_PARTS:
        if bad in w:
            return False
    return not _TRIPLE.search(w)


def _word(rng: random.Random, syllables: int) -> str:
    """One made-up word of the given number of syllables, lowercase."""
    while True:
        out = []
        ends_in_vowel = False
        prev_coda = ""
        for i in range(syllables):
            last = i == syllables - 1
            if last and i > 0 and rng.random() < 0.5:
                end = _c(rng, _ENDINGS)
                while (ends_in_vowel and end[0] in _VOWEL_LETTERS) or (
                        len(prev_coda) > 1 and end[0] not in _VOWEL_LETTERS and end[1] not in _VOWEL_LETTERS):
                    end = _c(rng, _ENDINGS)
                out.append(end)
                break
            if i == 0:
                onset = _c(rng, _ONSETS) if rng.random() < 0.92 else ""
                vowel = _c(rng, _FIRST_VOWELS) if onset else _c(rng, _MID_VOWELS[:5])
            else:
                onset = _c(rng, _MID_ONSETS)
                # Keep consonant clusters across the syllable break short and sayable.
                while len(out[-1]) and not ends_in_vowel and (
                        len(onset) > 1 and onset not in ("sh", "th", "ch")
                        or (len(prev_coda) > 1 and len(onset) > 1)):
                    onset = _c(rng, _MID_ONSETS)
                vowel = _c(rng, _MID_VOWELS)
            if onset == "qu" and vowel[0] == "u":
                vowel = "a"
            if last and (syllables == 1 or rng.random() < 0.8):
                coda = _c(rng, _LAST_CODAS)
            elif i == 0:
                coda = _c(rng, _FIRST_CODAS)
            else:
                coda = _c(rng, _MID_CODAS)
            out.append(onset + vowel + coda)
            ends_in_vowel = coda == ""
            prev_coda = coda
        word = "".join(out)
        if 3 <= len(word) <= 10 and _clean_part(word):
            return word


def made_up_name(rng: random.Random, syllables: int | None = None) -> str:
    """A made-up name like "Blimtok" or "Quorvash Dell", never the reserved name or its parts.

    ``syllables`` fixes the number of syllables of the first word (2-4 when not given).  When
    it is not given, about one name in four gets a short second word.
    """
    two_words = False
    if syllables is None:
        syllables = _c(rng, (2, 2, 2, 3, 3, 3, 4))
        two_words = rng.random() < 0.25
    syllables = max(1, int(syllables))
    while True:
        name = _cap(_word(rng, syllables))
        if two_words:
            name += " " + _cap(_word(rng, _c(rng, (1, 1, 2))))
        if _clean_part(name.replace(" ", "")) and _clean_part(name):
            return name


def _names(rng: random.Random, k: int, syllables=None) -> list[str]:
    """k distinct made-up names, none a prefix of another (so copying stays unambiguous)."""
    out: list[str] = []
    while len(out) < k:
        n = made_up_name(rng, syllables)
        first = n.split(" ")[0]
        if all(first[:4] != o.split(" ")[0][:4] for o in out):
            out.append(n)
    return out


_SOUND_ONSETS = ("b", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v",
                 "w", "z", "bl", "fl", "sk", "sn", "tr", "dr", "tw", "sw", "ch", "sh", "pl")
_SOUND_VOWELS = ("a", "e", "i", "o", "u", "oo", "ee", "ay", "ow", "oy")
_SOUND_CODAS = ("", "", "m", "n", "p", "b", "t", "g", "k", "ng", "sh", "mp", "nk", "ck", "zz")


# Real words the sound builder could spell; a song's nonsense should not read as English.
_SOUND_STOP = ("him", "her", "his", "she", "the", "and", "but", "not", "was", "you", "mum",
               "dad", "mom", "had", "has", "did", "can", "may", "man", "men", "sin", "sick",
               "dumb", "fat", "lie", "tee", "bee", "see", "shee")


def _sound_word(rng: random.Random) -> str:
    """A short nonsense sound for songs and chants ("tum", "bibbly")."""
    while True:
        w = _c(rng, _SOUND_ONSETS) + _c(rng, _SOUND_VOWELS)
        if w[-1] in ("y", "w"):
            w += _c(rng, ("", "", "n", "k", "t"))
        else:
            w += _c(rng, _SOUND_CODAS)
        if w[-1] not in _VOWEL_LETTERS + ("w",) and rng.random() < 0.25:
            w += _c(rng, ("le", "a", "y", "o", "er", "ee"))
        if w not in _SOUND_STOP and _clean_part(w):
            return w


def _magic_word(rng: random.Random) -> str:
    return _cap(_word(rng, _c(rng, (2, 3, 3, 4))))


# ---------------------------------------------------------------------------------------------
# Shared sentence sets
# ---------------------------------------------------------------------------------------------

_INTROS = (
    "Once upon a time, there was a {adj} little {x.kid} named {x}.",
    "There was once a {adj} {x.kid} called {x}.",
    "{x} was a {adj} little {x.kid} who lived in {home} {where}.",
    "Once there was a little {x.kid} named {x}. {x.He} was {age} years old.",
    "{x} lived in {home} {where}.",
    "Once upon a time, in {home} {where}, there lived a {adj} {x.kid} named {x}.",
    "{x} was {age} years old, and {x.he} was very {adj}.",
    "There was a {x.kid} named {x} who loved to {hobby}.",
    "Everyone in town knew {x}. {x.He} was a {adj} {x.kid} who liked to {hobby}.",
    "{x} was a little {x.kid} with a big smile.",
    "In {home} {where} lived a {x.kid} called {x}.",
    "{x} was {age}, and more than anything, {x.he} loved to {hobby}.",
)


def _intro(rng: random.Random, x: _Person) -> str:
    return _f(rng, _INTROS, x=x, adj=_c(rng, KID_ADJECTIVES), home=_c(rng, HOMES),
              where=_c(rng, HOME_WHERE), age=_c(rng, AGES),
              hobby=_c(rng, HOBBIES).format(x=x))


def _one_day(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "One " + _c(rng, ONE_DAYS)
    return _c(rng, TIME_STARTS)


_ENDINGS_HAPPY = (
    "It had been a wonderful day.", "It was the best day ever.",
    "{x} smiled all the way home.", "And that night, {x} slept with a big smile.",
    "{x} never forgot that day.", "{x.He} could not wait to do it all again.",
    "From then on, every day felt a little brighter.", "The end.",
)


# ---------------------------------------------------------------------------------------------
# Story shapes
# ---------------------------------------------------------------------------------------------

_JOURNEY_HAVE = (
    "{x} had {o.a}. {x.He} loved it more than anything.",
    "{x}'s {g} gave {x.him} {o.a} for {x.his} birthday. {x.He} loved it very much.",
    "{x} had {o.a} that {x.he} took everywhere.",
    "{x.His} favorite thing in the whole world was {o.a}.",
    "{x} found {o.a} in an old box in the attic. {x.He} decided to keep it.",
    "Every day, {x} carried {o.a} with {x.him}.",
    "{x} had a special friend. It was not a person. It was {o.a}.",
    "{x} got {o.a} from {x.his} {g}. It was the best present ever.",
    "{x} had {o.a}, and {x.he} never went anywhere without it.",
)

_JOURNEY_START = (
    "{t}, {x} went out to see the town.",
    "{t}, {x} put on {x.his} {cl} and went outside.",
    "{t}, {x} decided to go on a little trip.",
    "{t}, the sun was shining, so {x} went out.",
    "{t}, {x} had lots of things to do.",
    "{t}, {x} set off for a long walk.",
)

_JOURNEY_TAKE = (
    "{x.He} took {o.the} with {x.him}.", "Of course, {x.he} took {o.the} along.",
    "{x.He} held {o.the} tight in {x.his} hand.", "{x.He} put {o.the} in {x.his} bag.",
    "{x.He} did not forget {o.the}.", "{o.The} came too.",
)

_JOURNEY_GO = (
    "{t}, {x} went to {p.to}.", "{t}, {x} walked to {p.to}.", "{t}, {x.he} went to {p.to}.",
    "{t}, {x} hurried to {p.to}.", "{t}, {x} skipped all the way to {p.to}.",
    "{t}, {x} rode {x.his} bike to {p.to}.", "{t}, {x} took the bus to {p.to}.",
)

_JOURNEY_ACT = (
    "{p.At}, {x.he} {act}.", "There, {x.he} {act}.", "{x.He} {act}.",
    "{x} {act} and then {act2}.", "{p.At}, {x} {act}.", "First {x.he} {act}, and then {x.he} {act2}.",
)

_MEET = (
    "{p.At}, {x} met {x.his} friend {y}.", "{y} was there too.",
    "There {x} saw {y}, a {y.kid} from {x.his} street.",
    "{x} bumped into {y}, who lived next door.",
    "{p.At}, {x} found {x.his} friend {y}.",
)

_Y_DOING = ("flying a kite", "eating a big red apple", "looking for {y.his} lost mitten",
            "feeding the birds", "drawing with chalk", "holding a bunch of balloons",
            "playing with a ball", "crying because {y.he} had fallen down",
            "reading a comic", "walking {y.his} dog", "carrying a big box",
            "singing a silly song")

_MEET_TALK = (
    "{y.He} showed {x.him} {o2.a}. {x.He} said it was very nice.",
    "{x} and {y} played together for a while.",
    "{y} gave {x} {food}, and {x.he} said thank you to {y.him}.",
    "{x} gave {y} {food}, and {y.he} smiled at {x.him}.",
    "{y} told {x} a funny joke, and {x.he} laughed so much that {x.he} fell over.",
    "{x} helped {y} up, and {y.he} said thank you.",
    "{y} asked {x} to play, so {x.he} did.",
    "{x} and {y} shared a bench and watched the people go by.",
    "{y.He} waved at {x}, and {x.he} waved back at {y.him}.",
    "{y} let {x} hold {y.his} {o2.n}, and {x.he} was very careful with it.",
)

_MEET_BYE = (
    "Then {y} had to go home. {x.He} waved goodbye to {y.him}.",
    "Soon {y}'s mom called, so {y.he} said goodbye.",
    "When {y} left, {x.he} felt a little sad, but {y.he} promised to come back.",
    "{y} ran off to find {y.his} mom, and {x} went on {x.his} way.",
    "Then {x} said goodbye to {y}, and {y.he} went home.",
)

_HOME = ("When the sun went down, {x} went home.", "In the evening, {x} walked back home.",
         "At last it was time to go home.", "Soon the sky turned orange, and {x} went home.",
         "When the stars came out, {x} was back home.", "It was getting dark, so {x} went home.")

_TIRED = ("{x.He} was very tired.", "{x.His} feet were sore, but {x.he} was happy.",
          "{x.He} had dinner and a warm bath.", "{x.He} ate {x.his} soup and yawned.",
          "{x.He} put on {x.his} pajamas and brushed {x.his} teeth.",
          "It had been a long, busy day.")

_RECALL = ("At night, {x} put {o.the} {spot}.", "Before bed, {x} put {o.the} {spot}.",
           "Then {x} took {o.the} and put it {spot}.",
           "{x} put {o.the} {spot} and said good night to it.",
           "{x} hugged {o.the} and put it {spot}.",
           "At bedtime, {x} put {o.the} {spot}, just like every night.")

_SLEEP = ("Then {x.he} closed {x.his} eyes and fell asleep.", "Soon {x.he} was fast asleep.",
          "{x.He} dreamed about {p.to}.", "Tomorrow would be another fun day.",
          "{x.He} smiled and went to sleep.", "Then {x.he} turned off the light.")


def _story_journey(rng: random.Random):
    """An object is introduced early, carried through several places, and needed at the end."""
    x = _kid(rng)
    o = _thing(rng, CARRY_THINGS)
    paras = []
    p1 = [_intro(rng, x), _f(rng, _JOURNEY_HAVE, x=x, o=o, g=_c(rng, RELATIVES))]
    named = None
    if rng.random() < 0.3:
        named = made_up_name(rng)
        p1.append(f"{x.He} called it {named}.")
    p1.append(_f(rng, _JOURNEY_START, x=x, t=_one_day(rng), cl=_c(rng, CLOTHES)))
    if rng.random() < 0.5:
        p1.append(_c(rng, WEATHER))
    p1.append(_f(rng, _JOURNEY_TAKE, x=x, o=o))
    paras.append(p1)

    n_places = rng.randint(3, 5)
    places = [_Place(e) for e in _sample(rng, PLACES, n_places)]
    thens = _sample(rng, THEN_WORDS, n_places - 1)
    meet_at = rng.randrange(1, n_places) if rng.random() < 0.75 else -1
    leave_at = rng.randrange(0, n_places - 1) if rng.random() < 0.3 else -1
    y = _kid(rng, male=not x.male)
    show_at = rng.randrange(n_places)
    body = []
    for i, p in enumerate(places):
        t = "First" if i == 0 else thens[i - 1]
        acts = _sample(rng, p.acts, 2)
        body.append(_f(rng, _JOURNEY_GO, x=x, p=p, t=t))
        body.append(_f(rng, _JOURNEY_ACT, x=x, p=p, act=acts[0].format(x=x),
                       act2=acts[1].format(x=x)))
        if i == meet_at:
            o2 = _thing(rng, CARRY_THINGS)
            body.append(_f(rng, _MEET, x=x, y=y, p=p))
            if rng.random() < 0.6:
                body.append(y.He + " was " + _c(rng, _Y_DOING).format(y=y) + ".")
            for s in _sample(rng, _MEET_TALK, rng.randint(1, 2)):
                body.append(s.format(x=x, y=y, o2=o2, food=_a(_c(rng, FOODS))))
            body.append(_f(rng, _MEET_BYE, x=x, y=y))
        elif rng.random() < 0.5:
            body.append(_f(rng, PLACE_REMARKS, x=x))
        if named and i == show_at:
            body.append(_f(rng, (
                "{x} held {n} up high so it could see everything.",
                '"Look, {n}!" {x.he} said.', "{x.He} told {n} all about it.",
            ), x=x, n=named))
        if i == leave_at:
            body.append(f"{x} had so much fun that {x.he} did not look back when {x.he} left.")
    paras.append(body)

    end = []
    if leave_at >= 0:
        lp = places[leave_at]
        end.append(_f(rng, (
            "On the way home, {x} stopped. Where was {o.the}? Oh no! {x.He} had left it {p.at}!",
            "Then {x} felt {x.his} empty hands. {o.The} was gone! {x.He} had left it {p.at}.",
            "Suddenly {x} remembered something. {o.The} was still {p.at}!",
        ), x=x, o=o, p=lp))
        end.append(_f(rng, (
            "{x} ran all the way back to {p.to}. There was {o.the}, just where {x.he} had left it.",
            "{x} hurried back to {p.to}. {o.The} was still there, waiting for {x.him}.",
            "So {x} went back to {p.to}, and there it was!",
        ), x=x, o=o, p=lp))
    end.append(_f(rng, _HOME, x=x))
    end.append(_f(rng, _TIRED, x=x))
    spot = _c(rng, BED_SPOTS).format(x=x)
    end.append(_f(rng, _RECALL, x=x, o=o, spot=spot))
    if named:
        end.append(_f(rng, ('"Good night, {n}," {x.he} said.', '"Sleep well, {n}," {x.he} whispered.',
                            '"We had a good day, {n}," said {x}.'), x=x, n=named))
    end.append(_f(rng, _SLEEP, x=x, p=places[-1]))
    paras.append(end)
    return paras


def _story_lost(rng: random.Random):
    """Something is put in a hiding place early on; much later that place is remembered."""
    x = _kid(rng)
    y = _kid(rng, male=not x.male)
    o = _thing(rng, CARRY_THINGS)
    room = _c(rng, ROOMS).format(x=x)
    spots = [s.format(x=x) for s in _sample(rng, HIDE_SPOTS, 4)]
    hide, search = spots[0], spots[1:1 + rng.randint(2, 3)]
    adult = _c(rng, ("{x.his} mom", "{x.his} dad", "{x.his} grandma", "{x.his} grandpa")).format(x=x)
    p1 = [_intro(rng, x), _f(rng, _JOURNEY_HAVE, x=x, o=o, g=_c(rng, RELATIVES))]
    p1.append(_f(rng, (
        "{t}, {x} was playing with {o.the} {room}.",
        "{t}, {x} took {o.the} {room} to play.",
        "{t}, {x} sat {room} with {o.the}.",
    ), x=x, o=o, room=room, t=_one_day(rng)))
    p1.append(_f(rng, (
        'Then {ad} called, "{x}, lunch is ready!"',
        'Then {ad} called, "{x}, come and wash your hands!"',
        "Then {x} heard the doorbell ring.",
        "Then {x} smelled something yummy from the kitchen.",
    ), x=x, ad=adult))
    p1.append(_f(rng, (
        "{x} put {o.the} {h} and ran off.",
        "Quickly, {x} put {o.the} {h}.",
        "{x.He} put {o.the} {h} so it would be safe.",
        "{x.He} hid {o.the} {h} and went to see.",
    ), x=x, o=o, h=hide))
    paras = [p1]

    p2 = []
    p2.append(_f(rng, (
        "For lunch, {x} had {l}.", "{x.He} ate {l} and drank some milk.",
        "{x} ate all of {x.his} {l2}.",
    ), x=x, l=_c(rng, LUNCHES), l2=_c(rng, ("soup", "rice", "noodles", "stew", "pie"))))
    for c in _sample(rng, CHORES, rng.randint(1, 2)):
        p2.append("After that, " + x.he + " " + c.format(x=x, pl=_plural(_c(rng, ANIMALS))) + ".")
    p2.append(_f(rng, (
        "Then {y} came over to play.", "Later, {x}'s friend {y} knocked on the door.",
        "In the afternoon, {y} came to visit.",
    ), x=x, y=y))
    p2.append(_f(rng, (
        '"Can I see your {o.n}?" asked {y}.', '{y} wanted to see {x}\'s {o.n}.',
        '"Where is your {o.n}?" {y} asked.', '{y.He} said, "Let\'s play with your {o.n}!"',
    ), x=x, y=y, o=o))
    paras.append(p2)

    p3 = [_f(rng, (
        "{x} went to get it, but it was not there!", "{x} looked {room}, but it was gone!",
        "But {x} could not find it anywhere.",
    ), x=x, room=room)]
    for s in search:
        p3.append(_f(rng, (
            "{x} looked {s}. It was not there.",
            "{y} looked {s}, but {y.he} found only {j}.",
            "They looked {s}, but they did not find it.",
            "{x.He} checked {s}. There was no {o.n}!",
            "{y} peeked {s}. Nothing!",
        ), x=x, y=y, o=o, s=s, j=_c(rng, JUNK)))
    p3.append(_f(rng, ("{x} began to cry.", "{x} felt very {sad}.", "{x} sat down. {x.He} was {sad}."),
                 x=x, sad=_c(rng, ("sad", "upset", "worried", "unhappy"))))
    p3.append(_f(rng, (
        '{y} gave {x.him} a hug. "Don\'t worry," {y.he} said. "We will find it."',
        '{y} held {x}\'s hand. "Think hard," {y.he} said. "Where did you have it last?"',
        '"Let\'s think," said {y}. "What did you do before lunch?"',
    ), x=x, y=y))
    paras.append(p3)

    p4 = [_f(rng, (
        "{x} thought and thought. Then {x.he} remembered! {x.He} had put {o.the} {h}!",
        "Then {x} remembered. Before lunch, {x.he} had put {o.the} {h}.",
        "Suddenly {x} jumped up. {o.The} was {h}!",
    ), x=x, o=o, h=hide)]
    p4.append(_f(rng, (
        "{x} ran and looked {h}, and there it was!",
        "{x} and {y} ran to look {h}. There was {o.the}!",
        "{y} looked {h}, and {y.he} found it at once.",
    ), x=x, y=y, o=o, h=hide))
    p4.append(_f(rng, (
        '{x} hugged {o.the}. "Thank you, {y}!" {x.he} said.',
        '"You found it!" {y} said, and {x.he} smiled at {x.him}.',
        "{x} was so happy that {x.he} danced around the room, and {y} laughed at {x.him}.",
    ), x=x, y=y, o=o))
    p4.append(_f(rng, (
        "Then {x} and {y} played with {o.the} until dinner.",
        "{x} let {y} hold {o.the}, and {y.he} was very careful with it.",
        "{x.He} gave {y} a cookie to say thank you.",
    ), x=x, y=y, o=o))
    p4.append(_f(rng, (
        "From that day on, {x} always kept {o.the} {safe}.",
        "After that, {x} never put {o.the} {h} again.",
        "Now {x} always puts {o.the} {safe} when {x.he} is done.",
    ), x=x, o=o, h=hide, safe=_c(rng, SAFE_SPOTS).format(x=x)))
    paras.append(p4)
    return paras


def _make_song(rng: random.Random) -> str:
    w = [_sound_word(rng) for _ in range(3)]
    head = _f(rng, (
        "{0} {0}, {1} {1},", "{0}-a-{1}, {0}-a-{2},", "la la {0}, la la {1},",
        "hey {0}, ho {1},", "{0}, {1}, {2} {2},", "{0} and {1} and {2} {2},",
        "dum dee {0}, dum dee {1},", "{0} {1}, {0} {1},",
    ), *w)
    an = _c(rng, ANIMALS)
    mid = _f(rng, (
        "the sun is up and the sky is {c},", "the {a} is {j} and the grass is green,",
        "over the {n} and under the {n2},", "one little {a}, two little {ap},",
        "I have {fd} and {fd2},", "the wind is {w} and the trees are tall,",
        "round and round the {n} we go,", "my feet go tap and my hands go clap,",
        "the {a} hops and the {a2} sings,", "up the {n} and down the {n2},",
        "{c} and {c2} and {c3} too,", "the moon is round and the stars are bright,",
    ), c=_c(rng, COLORS), c2=_c(rng, COLORS), c3=_c(rng, COLORS), a=an, ap=_plural(an),
        a2=_c(rng, ANIMALS), j=_c(rng, ("big", "small", "happy", "sleepy", "silly", "fat")),
        n=_c(rng, NATURE), n2=_c(rng, NATURE), w=_c(rng, ("cold", "soft", "fast", "wild", "warm")),
        fd=_a(_c(rng, FOODS)), fd2=_a(_c(rng, FOODS)))
    end = _f(rng, (
        "I'm on my way to {pl}!", "come and sing along with me!", "we will be {fe} all day long!",
        "{s} {s} {s}, and then we rest!", "happy, happy, here we go!",
        "all the way to the {c} {n}!", "and the {a} says {snd}!", "nobody can stop me now!",
        "let's all dance around the {n}!", "clap your hands and shout {s}!",
    ), pl=_c(rng, ("the sea", "the town", "the hill", "the moon", "the farm", "the fair")),
        fe=_c(rng, FEELINGS[:6]), s=w[0], c=_c(rng, COLORS), n=_c(rng, NATURE),
        a=_c(rng, ANIMALS), snd=_c(rng, SOUNDS))
    return _cap(head + " " + mid + " " + end)


def _story_song(rng: random.Random):
    """A song sung again word for word as the story goes on."""
    x = _kid(rng)
    y = _kid(rng, male=not x.male)
    song = _make_song(rng)
    dest = _Place(_c(rng, PLACES))
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(_f(rng, (
        "{x} had a little song that {x.he} sang every day.",
        "{x}'s {g} had taught {x.him} a funny little song.",
        "{x} loved to sing, and {x.his} favorite song was a silly one.",
        "{x} made up a new song all by {x.himself}.",
    ), x=x, g=_c(rng, RELATIVES)))
    p1.append(_f(rng, ('It went like this: "{s}"', 'It went: "{s}"', 'The song went like this: "{s}"'),
                 s=song))
    paras.append(p1)

    p2 = [_f(rng, (
        "{t}, {x} set off for {p.to}.", "{t}, {x} walked to {p.to}.",
        "{t}, {x} went for a walk to {p.to}.",
    ), x=x, p=dest, t=_one_day(rng))]
    an = _c(rng, LAND_ANIMALS)
    an_name = made_up_name(rng) if rng.random() < 0.5 else ""
    an_ref = f"{an[0]} named {an_name}" if an_name else an[0]
    short = an_name or ("the " + an[0])
    p2.append(_f(rng, (
        "On the way, {x.he} met {a} who was {pr}.", "By the path, {x} saw {a}. It was {pr}.",
        "Soon {x.he} found {a} that was {pr}.",
    ), x=x, a=_a(an_ref), pr=_c(rng, ("crying", "very sad", "lonely", "too scared to cross the bridge",
                                        "stuck in a bush", "lost", "feeling gloomy",
                                        "sitting all alone"))))
    p2.append(_f(rng, (
        'So {x} sang {x.his} song for it: "{s}"', '{x} wanted to help, so {x.he} sang: "{s}"',
        '"Listen to this," said {x}, and {x.he} sang: "{s}"',
    ), x=x, s=song))
    p2.append(_f(rng, (
        "{sh} {snd} with joy and followed {x.him}.", "{sh} stopped crying and came along.",
        "{sh} {snd} and began to dance.", "{sh} felt much better and walked with {x.him}.",
    ), x=x, sh=_cap(short), snd=an[1]))
    paras.append(p2)

    p3 = [_f(rng, (
        "Then they met {y}, who was {pr}.", "Next they saw {y}. {y.He} was {pr}.",
        "Near {p.to} they found {x}'s friend {y}, who was {pr}.",
    ), x=x, y=y, p=dest, pr=_c(rng, ("sitting on a wall looking sad", "crying by a tree",
                                    "grumpy because {y.he} had lost a game",
                                    "all alone", "tired of walking")).format(y=y))]
    p3.append(_f(rng, (
        '{x} sang the song again: "{s}"', 'So {x} sang the song once more: "{s}"',
        '{x} and {sh} sang together: "{s}"',
    ), x=x, s=song, sh=short))
    p3.append(_f(rng, (
        "{y} laughed, and soon {y.he} was singing too.", "{y} smiled at {x}. {y.He} liked the song.",
        '"Teach me!" said {y}. So {x.he} taught {y.him} every word.',
        "{y} clapped {y.his} hands and asked {x.him} to sing it again.",
    ), x=x, y=y))
    paras.append(p3)

    p4 = [_f(rng, (
        "When they got to {p.to}, everyone sang together: \"{s}\"",
        "At {p.to}, they sang the song one more time, as loud as they could: \"{s}\"",
        "{p.At}, {x}, {y} and {sh} sang it all together: \"{s}\"",
    ), x=x, y=y, sh=short, p=dest, s=song)]
    p4.append(_f(rng, (
        "People stopped to listen, and some of them sang along.", "It was the best song in the world.",
        "Even the birds in the trees seemed to join in.",
        "{y} said it was the best song {y.he} had ever heard.",
    ), y=y))
    p4.append(_f(rng, _ENDINGS_HAPPY, x=x))
    paras.append(p4)
    return paras


def _story_shopping(rng: random.Random):
    """A shopping list said again and again in the same order."""
    x = _kid(rng)
    ad = _adult(rng, not x.male)
    items = _sample(rng, SHOP_ITEMS, rng.randint(3, 4))
    lst = _join(items)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(_f(rng, (
        '{t}, {ad} said, "{x}, can you go to the shop for me? Please get {l}."',
        '{t}, {ad} needed some things from the shop. "{x}," {ad} said, "please get {l}."',
        '{t}, {ad} was making dinner. "{x}, would you run to the shop? We need {l}."',
    ), x=x, ad=ad, l=lst, t=_one_day(rng)))
    p1.append(_f(rng, (
        '"Yes!" said {x}. "I will get {l}."', "{x} nodded and took the money.",
        "{x} took a basket and some coins.", '{x} said, "I can do it! I am big now."',
    ), x=x, l=lst))
    paras.append(p1)

    p2 = [_f(rng, (
        'On the way, {x} said the list to {x.himself}: "{L}."',
        'As {x.he} walked, {x} said it again and again: "{L}."',
        '{x} sang it as a little song: "{L}."',
    ), x=x, L=_cap(lst))]
    dog = made_up_name(rng)
    p2.append(_f(rng, (
        "Then {x.he} saw a dog named {d}. {d} wanted to play.",
        "Then a puppy ran up to {x.him}. Its tag said {d}. {d} barked and wagged its tail.",
        "On the corner, {x} met Mrs. Brown's dog, {d}. {d} had a stick in its mouth.",
    ), x=x, d=dog))
    p2.append(_f(rng, (
        "{x} threw a stick for {d}, once, twice, three times.",
        "{x} played with {d} for a long time.",
        "{x} patted {d} and laughed when {d} licked {x.his} nose.",
    ), x=x, d=dog))
    p2.append(_f(rng, (
        'Then {x.he} stopped. "Oh no! What did {ad} want?" {x.He} thought very hard.',
        "When {d} ran home, {x} could not remember the list. {x.He} closed {x.his} eyes and thought.",
        '"The shop!" said {x}. "What was on the list?"',
    ), x=x, ad=ad, d=dog))
    p2.append(_f(rng, ('Then it came back to {x.him}: "{L}."', '"{L}," {x} said. "Yes, that was it!"',
                       '"{L}!" {x} said out loud.'), x=x, L=_cap(lst)))
    paras.append(p2)

    p3 = [_f(rng, ("At the shop, {x} said, \"Hello! I need {l}, please.\"",
                   "{x} told the shopkeeper, \"I would like {l}, please.\"",
                   "In the shop, {x} picked up {l}."), x=x, l=lst)]
    if rng.random() < 0.5:
        p3.append(_f(rng, ('The shopkeeper smiled. "What a good memory you have!"',
                           "The shopkeeper gave {x} a sticker for being so polite.",
                           "The shopkeeper put everything in a paper bag."), x=x))
    paras.append(p3)
    p4 = [_f(rng, (
        'When {x} got home, {ad} looked in the bag. There was {l}. "Thank you, {x}!" said {ad}.',
        '{x} gave the bag to {ad}. Inside were {l}. "You remembered everything!" said {ad}.',
        "Back at home, {x} put {l} on the table. {ad} gave {x.him} a big hug.",
    ), x=x, ad=ad, l=lst)]
    p4.append(_f(rng, (
        "{x} told {ad} all about {d}.", "{x} felt very proud of {x.himself}.",
        "That night, they had a lovely dinner.", "{x.He} said, \"Next time, can {d} come too?\"",
    ), x=x, ad=ad, d=dog))
    paras.append(p4)
    return paras


def _story_packing(rng: random.Random):
    """Two children pack two lists; later each list is unpacked in the same order."""
    x = _kid(rng)
    y = _kid(rng, male=not x.male)
    if rng.random() < 0.3:
        dest = "the island of " + made_up_name(rng)
        dest_at = "on " + dest
    else:
        dest, dest_at = _c(rng, DESTINATIONS)
    nouns = _sample(rng, PACK_THINGS, 6)
    cols = _sample(rng, COLORS, 6)
    kx, ky = rng.randint(2, 3), rng.randint(2, 3)
    tx = [_Thing(n, c if rng.random() < 0.7 else "") for n, c in zip(nouns[:kx], cols[:kx])]
    ty = [_Thing(n, c if rng.random() < 0.7 else "") for n, c in zip(nouns[3:3 + ky], cols[3:3 + ky])]
    la, lb = _join(t.a for t in tx), _join(t.a for t in ty)
    la_t, lb_t = _join(t.the for t in tx), _join(t.the for t in ty)
    paras = []
    rel = _c(rng, ("friend", "cousin", "neighbor", "best friend"))
    p1 = [_f(rng, (
        "{x} and {x.his} {r} {y} were going on a trip to {d}.",
        "{t}, {x} and {y} were going to {d}.",
        "{x} and {y} were very excited. They were going to {d}!",
    ), x=x, y=y, d=dest, r=rel, t=_one_day(rng))]
    p1.append(_f(rng, ("{x} packed {x.his} bag. {x.He} put in {l}.",
                       "First, {x} packed {x.his} bag with {l}.",
                       "Into {x.his} bag, {x} put {l}."), x=x, l=la))
    p1.append(_f(rng, ("{y} packed {y.his} bag too. {y.He} put in {l}.",
                       "Then {y} packed {y.his} bag with {l}.",
                       "{y} put {l} into {y.his} bag."), y=y, l=lb))
    paras.append(p1)
    p2 = [_f(rng, ("They went by {v}.", "They traveled by {v} for a long time.",
                   "The {v} ride was long."), v=_c(rng, VEHICLES))]
    p2.append(_f(rng, ("{y} looked out of the window and saw {s}.",
                       "On the way, {x} saw {s}, and {y} saw {s2}.",
                       "{x} looked at {s} while {y} had a nap."), x=x, y=y,
                 s=_c(rng, SIGHTS), s2=_c(rng, SIGHTS)))
    paras.append(p2)
    p3 = [_f(rng, ("At last they got to {d}.", "Finally they arrived {a}.",
                   "When they got to {d}, the sun was shining."), d=dest, a=dest_at)]
    p3.append(_f(rng, ("{x} opened {x.his} bag and took out {l}.",
                       "{x} unpacked {l}.", "Out of {x.his} bag came {l}."), x=x, l=la_t))
    p3.append(_f(rng, ("{y} opened {y.his} bag and took out {l}.",
                       "{y} unpacked {l}.", "Out of {y.his} bag came {l}."), y=y, l=lb_t))
    need = ty[0] if rng.random() < 0.5 else tx[0]
    giver, taker = (y, x) if need is ty[0] else (x, y)
    p3.append(_f(rng, (
        "But {t} had forgotten something. {t.He} wanted {an} too.",
        "{t} looked sad. {t.He} had not brought {an}.",
        '"Oh no," said {t}. "I wish I had {an}."',
    ), t=taker, n=need.n, an=_a(need.n)))
    p3.append(_f(rng, (
        "So {g} gave {t.him} {o.the}, and {t.he} said thank you to {g.him}.",
        '"You can use my {n}," said {g}. {t} smiled at {g.him}.',
        "{g} shared {o.the} with {t}. {g.He} was a good friend, and {t.he} gave {g.him} a hug.",
    ), g=giver, t=taker, o=need, n=need.n))
    paras.append(p3)
    p4 = [_f(rng, ("They played all day {d}.", "They had a wonderful time {d}.",
                   "Every day {d} was full of fun."), d=dest_at)]
    p4.append(_f(rng, (
        "When it was time to go home, {x} packed {l} again, and {y} packed {l2}.",
        "On the last day, {x} put {l} back in {x.his} bag.",
        "Before they left, {y} packed {l2} and helped {x} find {x.his} things.",
    ), x=x, y=y, l=la_t, l2=lb_t))
    p4.append(_f(rng, _ENDINGS_HAPPY, x=x))
    paras.append(p4)
    return paras


def _story_creature(rng: random.Random):
    """A made-up land and a made-up creature whose names recur again and again."""
    x = _kid(rng)
    land, cname = _names(rng, 2)
    kind, g = _c(rng, [b for b in FANTASY if b[1] != ("m" if x.male else "f")])
    male = not x.male
    c = _Person(cname, male, kind)
    looks = _c(rng, FANTASY_LOOKS[kind]).format(c=c)
    adj = _c(rng, FANTASY_ADJ)
    paras = []
    p1 = [_f(rng, (
        "Far away, {b}, there was a land called {l}.",
        "{b}, there is a land called {l}.",
        "Once upon a time, {b}, lay the land of {l}.",
    ), b=_c(rng, BEYOND), l=land)]
    p1[0] = _cap(p1[0])
    p1.append(_f(rng, (
        "In {l}, there lived {a} named {c}.", "{l} was the home of {a} called {c}.",
        "The most famous one in all of {l} was {a} named {c}.",
    ), l=land, a=_a(adj + " " + kind), c=c))
    p1.append(_f(rng, ("{c} had {lk}.", "{c.He} had {lk}.", "Everyone knew {c}, because {c.he} had {lk}."),
                 c=c, lk=looks))
    paras.append(p1)

    portal = _c(rng, PORTALS)
    p2 = [_intro(rng, x)]
    p2.append(_f(rng, ("{t}, {x} found {p}.", "{t}, {x} saw {p}."),
                 x=x, p=portal, t=_one_day(rng)))
    p2.append(_f(rng, PORTAL_GO, x=x) + " " + _f(rng, (
        "Suddenly {x.he} was in {l}!", "When {x.he} looked around, {x.he} was in the land of {l}.",
        "And just like that, {x} was in {l}.",
    ), x=x, l=land))
    p2.append(_f(rng, ("{x} saw {c} sitting by {lm}.", "By {lm}, {x} found {c} the {k}.",
                       "Not far away, next to {lm}, sat {c}."),
                 x=x, c=c, k=kind, lm=_c(rng, LANDMARKS)))
    prob, ptype = _c(rng, FANTASY_PROBLEMS)
    item = _c(rng, FANTASY_ITEMS)
    fruit = _c(rng, ("plums", "pears", "golden apples", "star fruit", "moon berries", "cherries"))
    p2.append(_f(rng, ("{c} looked {s}.", "{c} was {s}, and {c.he} did not even look up.",
                       "Big tears were rolling down {c}'s face."),
                 c=c, s=_c(rng, SAD_FEELINGS[:6])))
    p2.append(_f(rng, ('"Why are you sad?" asked {x}.', '{x} asked {c.him}, "What is wrong?"',
                       '"Hello," said {x}. "Can I help you?"'), x=x, c=c))
    p2.append('"' + prob.format(item=item, fruit=fruit)[:-1] + ',"' + " said " + cname + ".")
    paras.append(p2)

    p3 = []
    if ptype == "lost":
        where = _c(rng, ("under a big mushroom", "in a hollow log", "at the top of a hill",
                         "inside a giant flower", "in the middle of a pond"))
        p3.append(f"{x} and {cname} looked all over {land}.")
        p3.append(_f(rng, ("At last, {x} found the {i} {w}.", "{x.He} found the {i} {w}!"),
                     x=x, i=item, w=where))
        p3.append(_f(rng, ("{c} was so happy that {c.he} jumped up and down.",
                           "{c} hugged {x}, and {x.he} laughed.",
                           '"My {i}!" cried {c}. "Thank you!"'), c=c, x=x, i=item))
    elif ptype == "lonely":
        game = _c(rng, ("hide and seek", "tag", "catch", "hopscotch", "leapfrog"))
        p3.append(_f(rng, ('"I will play with you," said {x}.', '"I will be your friend," {x} said.'), x=x))
        p3.append(f"So {x} and {cname} played {game} all over {land}.")
        p3.append(_f(rng, ("{c} laughed and laughed. {c.He} was not lonely any more.",
                           "{c} had never had so much fun. {c.He} gave {x} a big hug.",
                           "{x} was good at hiding, but {c} was good at finding {x.him}."), c=c, x=x))
    elif ptype == "broken":
        fix = _c(rng, ("some string", "a bit of tape", "a strong vine", "a drop of glue", "a ribbon",
                       "a tiny nail", "some sticky sap"))
        p3.append(_f(rng, ('"Let me see," said {x}. {x.He} fixed the {i} with {f}.',
                           "{x} looked at the {i} very carefully. Then {x.he} mended it with {f}."),
                     x=x, i=item, f=fix))
        p3.append(_f(rng, ("{c} was so happy that {c.he} danced around.",
                           '"It is as good as new!" said {c}.'), c=c))
    elif ptype == "reach":
        p3.append(_f(rng, ("{x} climbed onto {c}'s shoulders and picked the {fr}.",
                           "{x} found a long stick and knocked the {fr} down, one by one.",
                           "{x} stood on a rock, and {c} held {x.him} up. {x.He} picked all the {fr}."),
                     x=x, c=c, fr=fruit))
        p3.append(f"Then {x} and {cname} sat down and shared the {fruit}.")
    elif ptype == "dark":
        p3.append(_f(rng, ('"I know a trick," said {x}. {x.He} showed {c} how to count the stars.',
                           "{x} sang a soft song for {c}, and {x.he} held {c}'s hand."), x=x, c=c))
        p3.append(_f(rng, ("Soon {c} was not scared any more.", "{c} yawned. {c.He} felt safe now."), c=c))
    else:
        p3.append(_f(rng, ('"Happy birthday, {c}!" said {x}.', "{x} made a crown of flowers for {c}."),
                     x=x, c=c))
        p3.append(f"{x} told everyone in {land}, and soon there was a big party for {cname}.")
    paras.append(p3)

    gift = _Thing(_c(rng, GIFTS))
    p4 = [_f(rng, ("Then it was time for {x} to go home.", "Soon the sky began to grow dark.",
                   "But {x} knew that {x.his} family was waiting."), x=x)]
    p4.append(_f(rng, ("{c} gave {x.him} {g.a} to remember {c.him} by.",
                       "{c} gave {x} {g.a} as a thank you.",
                       '"Take this," said {c}, and {c.he} gave {x} {g.a}.'), c=c, x=x, g=gift))
    p4.append(_f(rng, ("{x} said goodbye to {c} and to the land of {l}.",
                       '"Goodbye, {c}!" called {x}. "Goodbye, {l}!"',
                       "{x} waved to {c} until {c.he} was just a tiny dot."), x=x, c=c, l=land))
    p4.append(_f(rng, (
        "Back at home, {x} put {g.the} on {x.his} shelf. Sometimes {x.he} looks at it and thinks of {c}.",
        "That night, {x} held {g.the} and thought about {c} the {k}.",
        "{x} still has {g.the}. When {x.he} holds it, {x.he} can almost hear {c} laughing in {l}.",
    ), x=x, c=c, g=gift, k=kind, l=land))
    paras.append(p4)
    return paras


def _story_pet(rng: random.Random):
    """A new pet gets a made-up name that recurs through the story."""
    x = _kid(rng)
    y = _kid(rng, male=not x.male)
    sib = "brother" if y.male else "sister"
    pet = _c(rng, PETS)
    pname, other = _names(rng, 2, _c(rng, (2, 2, 3)))
    ad = _c(rng, ("{x.his} mom", "{x.his} dad", "{x.his} grandma", "{x.his} grandpa", "{x.his} aunt")).format(x=x)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(_f(rng, ("{x} had always wanted {p}.", "More than anything, {x} wanted {p}.",
                       "{x} asked for {p} every single day."), x=x, p=_a(pet)))
    p1.append(_f(rng, (
        "On {x.his} birthday, {ad} came home with a big box. Inside the box was a little {p}!",
        "{t}, {ad} took {x} to the pet shop, and they came home with a little {p}.",
        "{t}, there was a knock at the door. It was {ad}, holding a tiny {p}!",
    ), x=x, ad=ad, p=pet, t=_one_day(rng)))
    p1.append(_f(rng, ("It was {l}.", "The {p} was {l}."), l=_c(rng, PET_LOOKS), p=pet))
    paras.append(p1)

    p2 = [_f(rng, (
        "{x} and {x.his} {s} {y} had to think of a name.",
        "{x}'s little {s}, {y}, wanted to help choose a name.",
        "{x.He} and {x.his} big {s} {y} sat down to pick a name.",
    ), x=x, y=y, s=sib)]
    p2.append(_f(rng, ('{y} said, "Let\'s call it {o}!"', '"What about {o}?" asked {y}.'), y=y, o=other))
    p2.append(_f(rng, ('But {x} shook {x.his} head. "No, let\'s call it {n}!"',
                       '{x} thought for a moment. "I like {n} better," {x.he} said.'), x=x, n=pname))
    p2.append(_f(rng, ('{y} thought about it. Then {y.he} nodded. "Yes! {n} is a good name."',
                       '{y} laughed. "{n} it is!" {y.he} said.'), y=y, n=pname))
    paras.append(p2)

    likes = [s.format(x=x) for s in _sample(rng, PET_LIKES, 3)]
    p3 = [f"{pname} liked to {likes[0]}."]
    p3.append(_f(rng, ("{n} also liked to {l}.", "And {n} loved to {l}."), n=pname, l=likes[1]))
    p3.append(_f(rng, (
        "Every morning, {x} fed {n}, and every evening, {y} played with {n}.",
        "{x} gave {n} fresh water every day, and {y} brushed {n} on Sundays.",
        "{y} made a little bed for {n} out of a shoe box, and {x} put a soft sock in it.",
    ), x=x, y=y, n=pname))
    paras.append(p3)

    found = _c(rng, ("in the laundry basket", "under {x}'s bed", "inside a boot",
                     "in the garden, under the roses", "in the kitchen, next to the bread",
                     "curled up in a woolly hat", "on top of the bookshelf")).format(x=x, y=y)
    doing = _c(rng, ("fast asleep", "chewing a sock", "playing with a button",
                     "sitting very still", "nibbling a cookie", "snoring softly"))
    p4 = [_f(rng, ("{t}, {n} was gone!", "{t}, {x} could not find {n} anywhere."),
                 t=_one_day(rng), n=pname, x=x)]
    p4.append(_f(rng, (
        "{x} looked in the garden, and {y} looked in the kitchen.",
        "{x} and {y} looked high and low.",
        "{x} called, \"{n}! {n}!\" but there was no answer.",
    ), x=x, y=y, n=pname))
    finder, other_kid = (y, x) if rng.random() < 0.5 else (x, y)
    p4.append(_f(rng, ("At last, {f} found {n} {w}.", "Then {f} shouted, \"Here!\" {n} was {w}."),
                 f=finder, n=pname, w=found))
    p4.append(_f(rng, ("{n} was {d}.", "{n} was {d}, as if nothing had happened."), n=pname, d=doing))
    p4.append(_f(rng, (
        "{f} laughed, and {o} laughed too.", "{o} picked up {n} and gave {n} a kiss.",
        "{o} hugged {f}. \"You found {n}!\" {o.he} said.",
    ), f=finder, o=other_kid, n=pname))
    p4.append(_f(rng, ("{n} was the best {p} in the whole world.",
                       "From then on, {x} and {y} always knew where to look for {n}.",
                       "{x} said that {n} was the best present {x.he} had ever had."),
                 n=pname, p=pet, x=x, y=y))
    paras.append(p4)
    return paras


def _story_cumulative(rng: random.Random):
    """A chain of helpers that grows by one each time, repeated in full every time."""
    animals = [a for a, _ in _sample(rng, LAND_ANIMALS, 5)]
    hero, helpers = animals[0], animals[1:1 + rng.randint(2, 4)]
    tiny = _c(rng, [t for t in TINY_ANIMALS if t not in animals])
    thing = _c(rng, ("big pumpkin", "huge round stone", "heavy old box", "giant carrot",
                     "big log", "giant turnip", "huge watermelon", "fat cabbage", "stuck cart",
                     "giant beet"))
    verb = _c(rng, ("pulled and pulled", "pushed and pushed", "tugged and tugged",
                    "heaved and heaved"))
    hname = made_up_name(rng) if rng.random() < 0.5 else ""
    hero_ref = f"the {hero}" if not hname else hname
    where = _c(rng, ("in the middle of the road", "in the garden", "next to the barn",
                     "in the field", "by the gate", "on the path to the pond"))
    goal = _c(rng, ("take it home", "move it out of the way", "bring it to the farm",
                    "get it into the barn"))
    paras = []
    p1 = [_f(rng, ("One {d}, {a} found a {t} {w}.", "{T}, {a} found a {t} {w}."),
                 a=(_a(hero) if not hname else f"{_a(hero)} named {hname}"), t=thing, w=where,
                 d=_c(rng, ONE_DAYS), T=_c(rng, TIME_STARTS))]
    p1.append(f"{_cap(hero_ref)} wanted to {goal}.")
    p1.append(f"{_cap(hero_ref)} {verb}, but the {thing} did not move.")
    paras.append(p1)
    team = [hero_ref]
    ask = _c(rng, ('"Will you help me?" asked {h}.', '"Please help me," said {h}.',
                   '{H} called out, "Who will help me?"'))
    agree = _c(rng, ('"Yes, I will help," said the {n}.', '"I will help you," said the {n}.',
                     '"Of course!" said the {n}.'))
    for n in helpers:
        para = [f"So {hero_ref} went to find the {n}."]
        para.append(ask.format(h=hero_ref, H=_cap(hero_ref)))
        para.append(agree.format(n=n))
        team.append("the " + n)
        para.append(_cap(_join(team)) + " " + verb + ", but the " + thing + " did not move.")
        paras.append(para)
    last = [f"Then a tiny {tiny} came by."]
    last.append(_f(rng, ('"I can help," it said. The others laughed. "You are so small!"',
                         '"Let me help," said the little {t}.', '"Can I help too?" asked the {t}.'),
                   t=tiny))
    team.append("the " + tiny)
    last.append(_cap(_join(team)) + " " + verb + ", and at last the " + thing + " moved!")
    paras.append(last)
    end = [_f(rng, ("Everyone cheered.", "They all cheered and danced.", "Hooray! They had done it."))]
    food = thing.split(" ")[-1]
    if food in ("pumpkin", "carrot", "turnip", "watermelon", "cabbage", "beet"):
        end.append(f"That night, they made soup from the {food} and shared it, "
                   f"and the {tiny} got the first bowl.")
    end.append(_f(rng, (
        "They thanked the little {s}. Even the smallest friend can make a big difference.",
        "{H} gave the {s} a big hug. \"Thank you,\" {h} said.",
        "Nobody laughed at the little {s} ever again.",
    ), s=tiny, H=_cap(hero_ref), h=hero_ref))
    paras.append(end)
    return paras


def _story_swap(rng: random.Random):
    """A boy and a girl swap toys: dense he/she/him/her with both genders present."""
    x = _kid(rng)
    y = _kid(rng, male=not x.male)
    (tx, ax), (ty, ay) = _sample(rng, TOY_ACTS, 2)
    ox = _Thing(tx, _c(rng, COLORS) if rng.random() < 0.5 else "")
    oy = _Thing(ty, _c(rng, COLORS) if rng.random() < 0.5 else "")
    paras = []
    p1 = [_f(rng, (
        "{x} and {y} were friends.", "{x} and {y} lived next door to each other.",
        "{x} and {y} went to the same school.", "{x} and {y} were best friends.",
    ), x=x, y=y)]
    p1.append(_f(rng, ("{x} had {a}, and {y} had {b}.", "{x} had {a}. {y} had {b}."),
                 x=x, y=y, a=ox.a, b=oy.a))
    p1.append(_f(rng, (
        "Every day, {x} played with {x.his} {a}. {x.He} {ax}. And every day, {y} played with {y.his} {b}. {y.He} {ay}.",
        "{x} liked {y}'s {b}, and {y} liked {x}'s {a}.",
        "{x} wanted to try {y}'s {b}. {y} wanted to try {x}'s {a}.",
    ), x=x, y=y, a=ox.n, b=oy.n, ax=ax, ay=ay))
    paras.append(p1)
    p2 = [_f(rng, ('{t}, {x} said, "Let\'s swap!"', '{t}, {y} had an idea. "Let\'s swap toys!" {y.he} said.',
                   '{t}, {x} asked, "Can we swap for one day?"'), x=x, y=y, t=_one_day(rng))]
    p2.append(_f(rng, (
        "So {x.he} gave {y.him} {a}, and {y.he} gave {x.him} {b}.",
        "{x} gave {x.his} {an} to {y}, and {y.he} gave {y.his} {bn} to {x.him}.",
        "{y} gave {x} {b}, and {x.he} gave {y.him} {a}.",
    ), x=x, y=y, a=ox.the, b=oy.the, an=ox.n, bn=oy.n))
    p2.append(f"{x.He} {ay}. {y.He} {ax}.")
    paras.append(p2)
    trouble = _c(rng, (
        "Then {x} dropped {b} in the mud. {x.He} was scared that {y.he} would be cross.",
        "But after a while, {y} missed {y.his} own {bn}. {y.He} looked at {x} and felt sad.",
        "Then it began to rain, and {y} ran inside with {a}. {x} stood in the rain with {b}.",
        "But {x} did not know how to use {b} very well, and {y.he} laughed at {x.him}. That made {x.him} sad.",
    ))
    p3 = [trouble.format(x=x, y=y, a=ox.the, b=oy.the, bn=oy.n)]
    p3.append(_f(rng, (
        '"I am sorry," said {y}. {y.He} gave {x} a hug, and {x.he} smiled again.',
        '{x} said, "I am sorry." {y} said it was all right, and {y.he} showed {x.him} what to do.',
        '"Let\'s play together instead," said {y}. {x} liked that idea.',
        '{y} saw that {x} was sad, so {y.he} sat down next to {x.him}.',
    ), x=x, y=y))
    paras.append(p3)
    p4 = [_f(rng, (
        "So {x} and {y} played with {a} and {b} together.",
        "After that, {x} and {y} took turns with {a} and {b}.",
        "Now they share {a} and {b} every day.",
    ), x=x, y=y, a=ox.the, b=oy.the)]
    p4.append(_f(rng, (
        "{y} said that sharing was more fun than swapping, and {x} agreed with {y.him}.",
        "{x} learned that a friend is better than any toy.",
        "At the end of the day, {x.he} gave {b} back to {y}, and {y.he} gave {a} back to {x.him}.",
        "{x} thanked {y}, and {y} thanked {x}.",
    ), x=x, y=y, a=ox.the, b=oy.the))
    paras.append(p4)
    return paras


def _story_week(rng: random.Random):
    """A counting week, then the whole list said again in order."""
    x = _kid(rng)
    y = _kid(rng, male=not x.male)
    ndays = rng.randint(4, 6)
    start = rng.randint(0, 7 - ndays - 1) if ndays < 7 else 0
    use_found = rng.random() < 0.35
    pool = COLLECTIBLES if use_found else WEEK_ANIMALS
    things = _sample(rng, pool, ndays)
    verb = "found" if use_found else "saw"
    counted = []
    for i, t in enumerate(things):
        counted.append(NUMBERS[i] + " " + (t if i == 0 else _plural(t)))
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(_f(rng, ("{x} liked to count things.", "{x} had a little notebook for counting.",
                       "{x} wanted to see how many things {x.he} could count in one week."), x=x))
    paras.append(p1)
    p2 = []
    wheres = _sample(rng, SEE_PLACES, ndays)
    for i in range(ndays):
        day = DAYS[start + i]
        who = x.name if i == 0 or rng.random() < 0.3 else x.he
        p2.append(_f(rng, ("On {d}, {w} {v} {c} {p}.", "On {d}, {p}, {w} {v} {c}."),
                     d=day, w=who, v=verb, c=counted[i], p=wheres[i]))
        if rng.random() < 0.35:
            p2.append(_f(rng, ("It was {j}.", "{x.He} drew a picture.", "{x.He} wrote it down.",
                               "{x.He} smiled.", "That made {x.him} laugh."), x=x,
                         j=_c(rng, ("a good day", "fun", "a surprise", "a windy day"))))
    paras.append(p2)
    day = DAYS[start + ndays]
    lst = _join(counted)
    p3 = [_f(rng, ("On {d}, {x} told {y} about {x.his} week.", "On {d}, {x} went to see {y}."),
                 d=day, x=x, y=y)]
    p3.append(_f(rng, ('"I {v} {l}!" {x.he} said.', '"This week I {v} {l}," said {x}.'),
                 x=x, v=verb, l=lst))
    p3.append(_f(rng, (
        '{y} counted on {y.his} fingers. "That is a lot!" {y.he} said.',
        '{y} was amazed. "Tell me again!" {y.he} said. So {x.he} said it again: "{L}."',
        '{y} looked at {x.his} notebook. "Wow," {y.he} said to {x.him}.',
    ), x=x, y=y, L=_cap(lst)))
    p3.append(_f(rng, ('"Next week, I will count too," said {y}.',
                       "{y} said {y.he} wanted to count with {x.him} next week.",
                       "Then they went outside to count the clouds together."), x=x, y=y))
    paras.append(p3)
    return paras


def _story_magic(rng: random.Random):
    """A magic word (made up) and its teacher's made-up name, used again and again."""
    x = _kid(rng)
    # A magic teacher of the other gender (or of either), so "he"/"she" is never ambiguous.
    kind, g = _c(rng, [b for b in MAGIC_BEINGS if b[1] != ("m" if x.male else "f")])
    male = not x.male
    m = _Person(made_up_name(rng), male, kind)
    word = _magic_word(rng)
    jobs = _sample(rng, MAGIC_JOBS, 3)
    uses = _sample(rng, ('{x} said, "{w}!" and {r}.', '"{w}!" said {x}, and {r}.',
                         '{x} remembered the magic word. "{w}!" {x.he} said. And {r}.',
                         '{x} took a deep breath and said, "{w}!" Right away, {r}.',
                         '"{w}!" {x} called out. At once, {r}.'), 3)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(_f(rng, (
        "{t}, {x} met an old {k} named {m} in the woods.",
        "{t}, {ka} called {m} knocked on {x}'s door.",
        "{t}, {x} found {ka} named {m} sitting on a wall.",
    ), x=x, k=kind, ka=_a(kind), m=m, t=_one_day(rng)))
    p1.append(_f(rng, (
        '{m} smiled at {x.him}. "You have a kind heart," {m.he} said. "I will teach you a magic word."',
        '"I have a gift for you," said {m}. "It is a magic word."',
        '{x} helped {m} carry a heavy bag, so {m.he} taught {x.him} a magic word.',
    ), x=x, m=m))
    p1.append(_f(rng, ('"The word is {w}," said {m}. "Use it only three times."',
                       '{m} whispered the word: "{w}." "Only three times!" {m.he} said.'),
                 w=word, m=m))
    paras.append(p1)
    starts = [_c(rng, ("", "", "Not long after, ", "The very next morning, "))]
    starts += _sample(rng, ("The next day, ", "Later, ", "Soon, ", "That evening, ",
                            "A week later, ", "On Sunday, "), 2)
    for i, (prob, res) in enumerate(jobs):
        para = [starts[i]]
        pf = prob.format(x=x)
        if starts[i] and pf.startswith(("The ", "A ", "It ")):
            pf = pf[0].lower() + pf[1:]
        para[0] += pf
        para[0] = _cap(para[0])
        para.append(uses[i].format(x=x, w=word, r=res.format(x=x)))
        if i == 1 and rng.random() < 0.5:
            para.append(f"{x} could not believe it. {m.name} was right!")
        paras.append(para)
    end = [_f(rng, ("Now {x} had used the word three times.", "That was the third time.",
                    "The magic word was all used up."), x=x)]
    end.append(_f(rng, (
        'So {x} went back to find {m}. "Thank you, {m}," {x.he} said.',
        "{x} went to the woods to say thank you to {m}, but {m.he} was gone. On the wall was a note that said: {w}.",
        'When {x} saw {m} again, {m.he} asked, "Did you use the word well?" "Yes," said {x}.',
    ), x=x, m=m, w=word))
    end.append(_f(rng, (
        "{x} never forgot the word {w}, and {x.he} never forgot {m}.",
        "And sometimes, when {x} is very quiet, {x.he} still whispers {w}, just in case.",
        "{m} smiled. {m.He} knew that {x} did not need magic to be kind.",
    ), x=x, m=m, w=word))
    paras.append(end)
    return paras


def _story_race(rng: random.Random):
    """Two named animals race along a route; the route is retold on the way back."""
    (a1, _), (a2, _) = _sample(rng, LAND_ANIMALS, 2)
    n1, n2 = _names(rng, 2)
    male = rng.random() < 0.5
    r1 = _Person(n1, male, a1)
    r2 = _Person(n2, not male, a2)
    route = _sample(rng, RACE_ROUTES, rng.randint(3, 4))
    judge = _c(rng, ("the wise old owl", "the farmer's dog", "a little duck", "the big brown horse",
                     "a fat gray goose", "the old tortoise"))
    paras = []
    p1 = [_f(rng, ("{a} was {j} {k}.", "There was once {j} {k} called {a}."),
                 a=r1, j=_a(_c(rng, ("fast", "proud", "quick", "boastful", "lively"))), k=a1)]
    p1.append(_f(rng, ('"I am the fastest in the whole valley," {a} said to everyone.',
                       "{a.He} liked to tell everyone how fast {a.he} was."), a=r1))
    p1.append(_f(rng, ("{b} was {j} {k}.", "Next door lived {b}, {j} {k}."),
                 b=r2, j=_a(_c(rng, ("slow", "quiet", "careful", "small", "patient"))), k=a2))
    p1.append(_f(rng, ('One day {b} said, "Let\'s have a race, {a}."',
                       '"I will race you," {b} said to {a}.'), a=r1, b=r2))
    paras.append(p1)
    path = _join(route)
    p2 = [_f(rng, ('{j} drew a line in the dirt. "You will race past {p}, and back again," {jl} said.',
                   "The race would go past {p}, and then back home."), j=_cap(judge), jl=judge, p=path)]
    p2.append(_f(rng, ('"Ready, steady, go!" called {j}.', '{J} shouted, "Go!"'), j=judge, J=_cap(judge)))
    p2.append(_f(rng, ("{a} ran so fast that {a.he} was soon out of sight.",
                       "{a} shot off like an arrow.", "Off went {a}, fast as the wind."), a=r1))
    p2.append(_f(rng, ("{b} walked along, one step at a time.", "{b} went slowly, but {b.he} did not stop."),
                 b=r2))
    paras.append(p2)
    stop = _c(rng, RACE_STOPS).format(c=r1)
    p3 = [_f(rng, ("Near {p}, {a} looked back. {b} was far behind, so {a.he} {s}.",
                   "When {a} got to {p}, {a.he} {s}."), a=r1, b=r2, p=route[1], s=stop)]
    p3.append(_f(rng, ("Meanwhile, {b} went past {p}, step by step.",
                       "{b} kept going. {b.He} went past {p}, and {b.he} did not stop."),
                 b=r2, p=_join(route)))
    p3.append(_f(rng, ("When {a} woke up, {b} was already on the way back!",
                       "By the time {a} looked up, {b} was far ahead."), a=r1, b=r2))
    paras.append(p3)
    p4 = [_f(rng, ("{a} ran as fast as {a.he} could, but it was too late.",
                   "{a} ran and ran, but {b} crossed the line first."), a=r1, b=r2)]
    p4.append(_f(rng, ('"{b} wins!" said {j}.', "{J} cheered for {b}."), b=r2, j=judge, J=_cap(judge)))
    p4.append(_f(rng, (
        '{a} shook {b}\'s paw. "Well done, {b}," {a.he} said. "You never stopped."',
        "{a} was cross at first, but then {a.he} smiled at {b} and said, \"You earned it.\"",
        "{b} said to {a}, \"Let's race again tomorrow, and this time don't stop!\"",
    ), a=r1, b=r2))
    p4.append(_f(rng, ("Slow and steady can win the race.",
                       "From then on, {a} and {b} were good friends.",
                       "And {a} never boasted again."), a=r1, b=r2))
    paras.append(p4)
    return paras


def _story_message(rng: random.Random):
    """A message passed along a chain, word for word."""
    x = _kid(rng)
    y = _kid(rng, male=not x.male)
    msg = _c(rng, MESSAGE_A) + ", so " + _c(rng, MESSAGE_B)
    chain = [a for a, _ in _sample(rng, LAND_ANIMALS, rng.randint(2, 4))]
    if rng.random() < 0.6:
        village = made_up_name(rng)
        far = _c(rng, ("in the village of {v}", "far away in {v}", "in a town called {v}",
                       "on a farm near {v}")).format(v=village)
        to_y = f"{y} in {village}"
    else:
        far = _c(rng, ("on the other side of the hill", "across the river",
                       "at the far end of the valley", "on a farm far away",
                       "in the next village"))
        to_y = y.name
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(_f(rng, ("{x}'s friend {y} lived {f}.", "{x}'s cousin {y} lived {f}."), x=x, y=y, f=far))
    p1.append(_f(rng, ("{t}, {x} had news for {y}.", "{t}, {x} needed to tell {y} something."),
                 x=x, y=y, t=_one_day(rng)))
    p1.append(_f(rng, ("But it was too far for {x} to walk.", "But {x} was too little to go so far alone."),
                 x=x))
    paras.append(p1)
    prev = None
    for i, an in enumerate(chain):
        para = []
        if i == 0:
            para.append(_f(rng, ('So {x} asked the {a}, "Please tell {y} that {m}."',
                                 '{x} saw the {a} and said, "Please tell {y} that {m}."'),
                           x=x, y=to_y, a=an, m=msg))
            para.append(f"The {an} said yes and ran off.")
        else:
            para.append(_f(rng, ('The {p} met the {a} and said, "Please tell {y} that {m}."',
                                 'At the {n}, the {p} got tired. It said to the {a}, "Please tell {y} that {m}."'),
                           p=prev, a=an, y=to_y, m=msg, n=_c(rng, NATURE)))
            para.append(_f(rng, ("The {a} nodded and hurried on.", "So the {a} went on its way."), a=an))
        prev = an
        paras.append(para)
    last = [_f(rng, ('At last the {a} found {y} and said, "{x} says that {m}."',
                     'The {a} knocked on {y}\'s door. "{x} says that {m}," it said.'),
                     a=prev, y=y, x=x, m=msg)]
    last.append(_f(rng, ("{y} was so happy. {y.He} thanked the {a} and set off at once.",
                         '"Thank you!" said {y}. {y.He} packed a bag and went to see {x}.'),
                   y=y, a=prev, x=x))
    last.append(_f(rng, ("When {y} got there, {x} gave {y.him} a big hug.",
                         "{x} was waiting at the gate, and {x.he} waved when {x.he} saw {y}.",
                         "{y} arrived just in time, and {x} was so glad to see {y.him}."), x=x, y=y))
    last.append(_f(rng, ("And all the animals who had carried the message came too.",
                         "They sent a thank-you note back with the animals.",
                         "It was the best day of the summer."), x=x))
    paras.append(last)
    return paras


def _story_recipe(rng: random.Random):
    """Steps of a recipe taught once and recited later in the same order."""
    x = _kid(rng)
    y = _kid(rng, male=not x.male)
    ad = _adult(rng, not x.male)
    dish, steps = _c(rng, RECIPES)
    bare = dish[2:] if dish.startswith("a ") else dish
    if rng.random() < 0.4:
        bare = made_up_name(rng, _c(rng, (2, 3))) + " " + bare
        dish = ("a " + bare) if dish.startswith("a ") else bare
    steps = list(steps)
    said = "First " + ", then ".join(steps) + "."
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(_f(rng, ("{t}, {a} and {x} made {d} together.", "{t}, {a} taught {x} how to make {d}."),
                 t=_one_day(rng), a=ad, x=x, d=dish))
    p1.append(f'"Listen carefully," said {ad}. "{said}"')
    p1.append(_f(rng, ("{x} put in {s0}. Then {x.he} put in {s1}.",
                       "{x} did it all just right.", "{x} stirred and stirred."),
                 x=x, s0=steps[0], s1=steps[1]))
    p1.append(_f(rng, ("Soon the kitchen smelled wonderful.", "When it was done, {x} tasted it. It was yummy!",
                       "They ate it all up."), x=x))
    paras.append(p1)
    p2 = [_f(rng, ("The next day, {y} came to play.", "A few days later, {x}'s friend {y} came over."),
                 x=x, y=y)]
    p2.append(_f(rng, ('"Can you show me how to make {d}?" asked {y}.',
                       '{y} said, "I wish I knew how to make {d}."'), y=y, d=dish))
    p2.append(_f(rng, ('"Yes!" said {x}. "{s}"', '{x} remembered every word. "{sc}" {x.he} said.'),
                 x=x, s=said, sc=said[:-1] + ","))
    p2.append(_f(rng, ("{y} did just what {x} said, and {y.his} {b} turned out perfect.",
                       "They made {d} together, and {y} said it was the best thing {y.he} had ever eaten.",
                       "{y} was so pleased that {y.he} gave {x.him} a big hug."), x=x, y=y, d=dish, b=bare))
    p2.append(_f(rng, ("Later, {x} told {a} all about it, and {a} was very proud of {x.him}.",
                       "That night, {x} dreamed of {d}.", "The end."), x=x, a=ad, d=dish))
    paras.append(p2)
    return paras


def _story_goodnight(rng: random.Random):
    """Saying good night to a list of things, in the same order, twice."""
    x = _kid(rng)
    ad = _adult(rng, not x.male)
    things = _sample(rng, GOODNIGHT_THINGS, rng.randint(3, 5))
    toy = _thing(rng, CARRY_THINGS, adj_p=0.5)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(_f(rng, ("Every night, {x} had a special way of going to bed.",
                       "{x} did not like going to bed, but {x.he} had a trick."), x=x))
    p1.append(_f(rng, ("First, {x.he} put {t.a} at the end of {x.his} bed.",
                       "{x.He} always took {t.a} to bed with {x.him}."), x=x, t=toy))
    gn = " ".join(f"Good night, {t}." for t in things)
    p1.append(_f(rng, ("Then {x.he} said good night to everything: \"{g}\"",
                       "Then {x.he} said: \"{g}\""), x=x, g=gn))
    paras.append(p1)
    p2 = [_f(rng, ("{t}, {x} went to stay with {a}.", "{t}, {x} slept at {a}'s house for the first time."),
                 t=_c(rng, ("One weekend", "One night", "In the summer", "Last winter", "One Friday")),
                 x=x, a=ad)]
    p2.append(_f(rng, ("{a} read {x} a story about {p}.", "They had {l} for dinner.",
                       "They played a game of cards before bed."),
                 a=ad, x=x, p=_plural(_c(rng, ANIMALS)), l=_c(rng, LUNCHES)))
    p2.append(_f(rng, ("But when the light went out, {x} could not sleep.",
                       "In bed, {x} felt strange. It was not {x.his} room."), x=x))
    p2.append(_f(rng, ('"What do you do at home?" asked {a}.', '{a} sat on the bed. "What helps you sleep?"'),
                 a=ad))
    p2.append(_f(rng, ("So {x} held {t.the} and said: \"{g}\"",
                       "{x} looked out of the window and said it quietly: \"{g}\""),
                 x=x, t=toy, g=gn))
    p2.append(_f(rng, ("Soon {x} was fast asleep.", "{a} smiled, and {x} closed {x.his} eyes.",
                       "And before {a} could say good night, {x} was asleep."), x=x, a=ad))
    paras.append(p2)
    return paras


# Story shapes and how often each is chosen.
_SHAPES = (
    (_story_journey, 4), (_story_lost, 4), (_story_song, 3), (_story_shopping, 3),
    (_story_packing, 2), (_story_creature, 4), (_story_pet, 3), (_story_cumulative, 2),
    (_story_swap, 3), (_story_week, 2), (_story_magic, 3), (_story_race, 2),
    (_story_message, 2), (_story_recipe, 2), (_story_goodnight, 1),
)
_SHAPE_FUNCS = tuple(f for f, _ in _SHAPES)
_SHAPE_CUM = []
_total = 0
for _fn, _w in _SHAPES:
    _total += _w
    _SHAPE_CUM.append(_total)
_SHAPE_TOTAL = _total
del _fn, _w, _total

# ---------------------------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------------------------

_CAP_AFTER = re.compile(r'([.!?] +"?)([a-z])')
_SPACES = re.compile(r" {2,}")
MIN_WORDS = 60
MAX_WORDS = 400


def _cap_sentence(s: str) -> str:
    if s[:1] == '"':
        return '"' + s[1:2].upper() + s[2:]
    return s[:1].upper() + s[1:]


def _render(paras) -> str:
    text = "\n".join(" ".join(_cap_sentence(s) for s in p if s) for p in paras if p)
    text = _SPACES.sub(" ", text)
    text = _CAP_AFTER.sub(lambda m: m.group(1) + m.group(2).upper(), text)
    lines = [_cap(line.strip()) for line in text.split("\n")]
    return "\n".join(lines)


def _ok(text: str) -> bool:
    low = text.lower()
    for bad in _FORBIDDEN:
        if bad in low:
            return False
    if not text.isascii():
        return False
    n = len(text.split())
    return MIN_WORDS <= n <= MAX_WORDS


def generate_story(rng: random.Random) -> str:
    """One story as plain text (paragraphs separated by newlines), no start mark."""
    while True:
        r = rng.randrange(_SHAPE_TOTAL)
        i = 0
        while _SHAPE_CUM[i] <= r:
            i += 1
        text = _render(_SHAPE_FUNCS[i](rng))
        if _ok(text):
            return text


def generate_stories(seed: int, count: int) -> list[str]:
    """``count`` stories, the same for the same seed in every process."""
    rng = random.Random(seed)
    return [generate_story(rng) for _ in range(count)]


def iter_stories(seed: int) -> Iterator[str]:
    """An endless stream of stories, deterministic from ``seed``."""
    rng = random.Random(seed)
    while True:
        yield generate_story(rng)


if __name__ == "__main__":  # pragma: no cover - a quick look at the output
    import sys

    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    for s in generate_stories(seed, 3):
        print(s)
        print("-" * 60)
